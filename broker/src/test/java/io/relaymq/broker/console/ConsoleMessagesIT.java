package io.relaymq.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.ConsoleBrowser;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Messages through the console in a real Chromium: the WebSocket MQTT client page and the retained messages. */
@RelayMqNodeTest
class ConsoleMessagesIT {

    private static ConsoleBrowser browser;
    private static ApiClient api;

    @Autowired
    MqttServer server;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final PahoClients paho = new PahoClients();

    @BeforeAll
    static void openConsole(@LocalServerPort int httpPort) {
        api = ApiClient.admin(httpPort);
        browser = ConsoleBrowser.open(httpPort);
        browser.loginAsAdmin();
    }

    @AfterAll
    static void closeConsole() {
        if (browser != null) {
            browser.close();
        }
    }

    @AfterEach
    void closeClients() {
        paho.closeAll();
    }

    @Test
    void theWebSocketClientPublishesAndReceivesThroughTheNode() throws Exception {
        String base = "console/" + run;
        Map<String, String> seenByPaho = new ConcurrentHashMap<>();
        MqttClient listener = connectPaho("listener");
        listener.subscribe(base + "/#", 1, (topic, m) -> seenByPaho.put(topic, text(m)));

        browser.go("ws-client");
        WebElement connect = browser.visible("form[data-form=\"ws-connect\"]");
        String url = "ws://127.0.0.1:" + Endpoints.wsPort(server) + "/mqtt";
        assertThat(field(connect, "url").getAttribute("value"))
                .as("the page proposes this node's WebSocket listener")
                .isEqualTo(url);
        browser.fill(connect, "clientId", "console-" + run + "-ws");
        browser.visible("button[data-action=\"connect\"]").click();
        browser.until(
                d -> "connected".equals(browser.present("[data-ws-status]").getText()));

        WebElement subscribe = browser.visible("form[data-form=\"ws-subscribe\"]");
        browser.fill(subscribe, "topicFilter", base + "/#");
        browser.fill(subscribe, "qos", "1");
        subscribe.findElement(By.cssSelector("button[type=submit]")).click();
        browser.withText("ul[data-ws-subscriptions]", base + "/#");

        WebElement publish = browser.visible("form[data-form=\"ws-publish\"]");
        browser.fill(publish, "topic", base + "/from-browser");
        browser.fill(publish, "payload", "hello from Chromium " + run);
        publish.findElement(By.cssSelector("button[type=submit]")).click();
        browser.withText(messageCss(base + "/from-browser"), "hello from Chromium " + run);
        await().atMost(ConsoleBrowser.WAIT).until(() -> seenByPaho.containsKey(base + "/from-browser"));
        assertThat(seenByPaho).containsEntry(base + "/from-browser", "hello from Chromium " + run);

        listener.publish(base + "/from-paho", ("hello from Paho " + run).getBytes(StandardCharsets.UTF_8), 1, false);
        browser.withText(messageCss(base + "/from-paho"), "hello from Paho " + run);
        browser.screenshot("ws-client-messages");

        browser.visible("button[data-action=\"disconnect\"]").click();
        browser.until(
                d -> "disconnected".equals(browser.present("[data-ws-status]").getText()));
    }

    @Test
    void aRetainedMessageIsShownAsTextJsonAndHexAndDeletedAfterConfirmation() throws Exception {
        String topic = "console/" + run + "/retained";
        String payload = "{\"temp\":21.5,\"unit\":\"C\"}";
        MqttClient publisher = connectPaho("retainer");
        publisher.publish(topic, payload.getBytes(StandardCharsets.UTF_8), 1, true);
        await().atMost(ConsoleBrowser.WAIT)
                .until(() -> api.get("/api/retained-msg?topicName=" + topic).status() == 200);

        browser.go("retained");
        browser.filter(run);
        browser.clickRowAction("retained", topic, "view");
        WebElement view = browser.visible("[data-details=\"retained\"]");
        view.findElement(By.cssSelector("button[data-format=\"text\"]")).click();
        browser.until(d -> payload.equals(payloadText()));
        view.findElement(By.cssSelector("button[data-format=\"json\"]")).click();
        browser.until(
                d -> payloadText().contains("\"temp\": 21.5") && payloadText().contains("\n"));
        view.findElement(By.cssSelector("button[data-format=\"hex\"]")).click();
        // the first bytes, {"temp": (a dump may break lines and add offsets or characters after them)
        String hex = hex(payload.substring(0, 8));
        browser.until(d ->
                payloadText().replaceAll("\\s", "").toLowerCase(Locale.ROOT).contains(hex));
        browser.screenshot("retained-view");
        browser.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
        browser.gone("[data-details=\"retained\"]");

        browser.clickRowAction("retained", topic, "delete");
        browser.withText("#confirm-text", topic);
        browser.confirm(false);
        // a new page size reloads the table at once (no debounce); the reload is over when aria-busy is gone, so a
        // delete that went out despite the cancel would have had the time of a whole request to show
        browser.choose("select[data-pager=\"size\"]", "25");
        browser.present("table[data-table=\"retained\"]:not([aria-busy])");
        browser.row("retained", topic);
        assertThat(api.get("/api/retained-msg?topicName=" + topic).status())
                .as("cancel keeps it")
                .isEqualTo(200);
        browser.clickRowAction("retained", topic, "delete");
        browser.confirm(true);
        browser.until(d -> browser.all(ConsoleBrowser.rowCss("retained", topic)).isEmpty());
        assertThat(api.get("/api/retained-msg?topicName=" + topic).status()).isEqualTo(404);
    }

    /**
     * The page's client resumes its session: it gets what came while it was away, sends again the QoS 2 message
     * that had no answer when it disconnected, and takes a packet id the node does not hold for its next QoS 2
     * message (before the session was kept, the node took that message for a resend and never forwarded it). The
     * page subscribes at QoS 2 to what it publishes, so the QoS 2 messages also make the round trip to it, once.
     */
    @Test
    void aResumedSessionGetsWhatCameMeanwhileAndSendsAgainWhatWasNotAcknowledged() throws Exception {
        String base = "console/" + run;
        String clientId = "console-" + run + "-resume";
        Map<String, List<String>> seenByPaho = new ConcurrentHashMap<>();
        MqttClient paho = connectPaho("watcher");
        paho.subscribe(
                base + "/to-paho/#",
                2,
                (topic, m) -> seenByPaho
                        .computeIfAbsent(topic, t -> new CopyOnWriteArrayList<>())
                        .add(text(m)));

        connectPage(clientId, false, 30);
        subscribePage(base + "/#", 2);
        disconnectPage();
        paho.publish(base + "/to-page/meanwhile", ("while away " + run).getBytes(StandardCharsets.UTF_8), 1, false);
        connectPage(clientId, false, 30);
        browser.withText("ol[data-ws-log]", "session present: yes");
        browser.withText(messageCss(base + "/to-page/meanwhile"), "while away " + run);

        // Publish and Disconnect in one task: the PUBREC comes back to a closed socket, so no PUBREL follows and
        // the node keeps the packet id awaiting PUBREL in the session
        fillPublish(base + "/to-paho/before", "before " + run, 2);
        ((JavascriptExecutor) browser.driver())
                .executeScript(
                        "arguments[0].requestSubmit();"
                                + " document.querySelector('button[data-action=\"disconnect\"]').click();",
                        browser.visible("form[data-form=\"ws-publish\"]"));
        browser.until(
                d -> "disconnected".equals(browser.present("[data-ws-status]").getText()));
        browser.withText("[data-ws-publish-result]", "1 unacknowledged QoS 1/2 message(s) kept");

        connectPage(clientId, false, 30);
        browser.withText("[data-ws-publish-result]", base + "/to-paho/before: Success");
        publishPage(base + "/to-paho/after", "after " + run, 2);
        browser.textUntil("[data-ws-publish-result]", t -> t.startsWith(base + "/to-paho/after: Success"));
        await().atMost(ConsoleBrowser.WAIT).until(() -> seenByPaho.containsKey(base + "/to-paho/after"));
        assertThat(seenByPaho.get(base + "/to-paho/after")).containsExactly("after " + run);
        assertThat(seenByPaho.get(base + "/to-paho/before")).containsExactly("before " + run);

        browser.withText(messageCss(base + "/to-paho/after"), "after " + run);
        assertThat(browser.attribute(messageCss(base + "/to-paho/after"), "data-qos"))
                .isEqualTo("2");
        // a later message on the same subscription comes after any copy of the earlier ones: once it is shown, a
        // duplicate would be too
        paho.publish(base + "/to-page/last", ("last " + run).getBytes(StandardCharsets.UTF_8), 2, false);
        browser.withText(messageCss(base + "/to-page/last"), "last " + run);
        assertThat(browser.all(messageCss(base + "/to-paho/after"))).hasSize(1);
        assertThat(browser.all(messageCss(base + "/to-paho/before"))).hasSize(1);
        disconnectPage();
    }

    /** Connects the page's client; stays on the page when it is open, as its client holds the session state. */
    private void connectPage(String clientId, boolean clean, int sessionExpiry) {
        if (browser.all("main#page[data-page=\"ws-client\"]").isEmpty()) {
            browser.go("ws-client");
        }
        WebElement form = browser.visible("form[data-form=\"ws-connect\"]");
        browser.fill(form, "clientId", clientId);
        browser.fill(form, "sessionExpiryInterval", String.valueOf(sessionExpiry));
        WebElement cleanBox = field(form, "clean");
        if (cleanBox.isSelected() != clean) {
            cleanBox.click();
        }
        browser.visible("button[data-action=\"connect\"]").click();
        browser.until(
                d -> "connected".equals(browser.present("[data-ws-status]").getText()));
    }

    private void disconnectPage() {
        browser.visible("button[data-action=\"disconnect\"]").click();
        browser.until(
                d -> "disconnected".equals(browser.present("[data-ws-status]").getText()));
    }

    private void subscribePage(String filter, int qos) {
        WebElement subscribe = browser.visible("form[data-form=\"ws-subscribe\"]");
        browser.fill(subscribe, "topicFilter", filter);
        browser.fill(subscribe, "qos", String.valueOf(qos));
        subscribe.findElement(By.cssSelector("button[type=submit]")).click();
        browser.attribute("ul[data-ws-subscriptions] li[data-filter=\"" + filter + "\"]", "data-granted-qos");
    }

    private WebElement fillPublish(String topic, String payload, int qos) {
        WebElement publish = browser.visible("form[data-form=\"ws-publish\"]");
        browser.fill(publish, "topic", topic);
        browser.fill(publish, "payload", payload);
        browser.fill(publish, "qos", String.valueOf(qos));
        return publish;
    }

    private void publishPage(String topic, String payload, int qos) {
        fillPublish(topic, payload, qos)
                .findElement(By.cssSelector("button[type=submit]"))
                .click();
    }

    private MqttClient connectPaho(String role) throws Exception {
        MqttClient client =
                paho.add(new MqttClient(Endpoints.tcp(server), "console-" + run + "-" + role, new MemoryPersistence()));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        client.connect(options);
        return client;
    }

    private String payloadText() {
        return browser.present("[data-details=\"retained\"] pre[data-payload]").getText();
    }

    private static WebElement field(WebElement form, String name) {
        return form.findElement(By.cssSelector("[name=\"" + name + "\"]"));
    }

    private static String messageCss(String topic) {
        return "ul[data-ws-messages] li[data-topic=\"" + topic + "\"]";
    }

    private static String text(MqttMessage message) {
        return new String(message.getPayload(), StandardCharsets.UTF_8);
    }

    private static String hex(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("%02x", b));
        }
        return out.toString();
    }
}
