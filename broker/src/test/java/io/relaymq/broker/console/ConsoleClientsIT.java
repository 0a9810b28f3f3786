package io.relaymq.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.ConsoleBrowser;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The console's sessions and credentials pages in a real Chromium, against live MQTT clients of the test node. */
@RelayMqNodeTest
class ConsoleClientsIT {

    private static final String SESSION_ROWS = "table[data-table=\"sessions\"] tbody tr[data-key]";

    private static final String CREDENTIALS_ROWS = "table[data-table=\"credentials\"] tbody tr[data-key]";

    private static ConsoleBrowser browser;
    private static ApiClient api;

    @Autowired
    MqttServer server;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final PahoClients paho = new PahoClients();
    private final AuthClients hive = new AuthClients();

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
        hive.closeAll();
    }

    /** The session details pane's property list, by label. */
    private Map<String, String> detailsProperties() {
        List<WebElement> labels = browser.all("[data-details=\"session\"] dl.props dt");
        List<WebElement> values = browser.all("[data-details=\"session\"] dl.props dd");
        assertThat(values).hasSameSizeAs(labels);
        Map<String, String> props = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            props.put(labels.get(i).getText(), values.get(i).getText());
        }
        return props;
    }

    @Test
    void aConnectedClientIsFoundDisconnectedAndRemovedFromTheSessionsPage() throws Exception {
        String clientId = "console-" + run + "-device";
        AtomicReference<Throwable> lost = new AtomicReference<>();
        MqttClient client = paho.add(new MqttClient(Endpoints.tcp(server), clientId, new MemoryPersistence()));
        client.setCallback(new LostCallback(lost));
        MqttConnectOptions options = new MqttConnectOptions();
        // persistent, so the session stays listed (disconnected) once its connection is closed
        options.setCleanSession(false);
        options.setAutomaticReconnect(false);
        client.connect(options);
        awaitSessionState(clientId, "CONNECTED");

        browser.go("sessions");
        browser.filter(run);
        browser.until(d -> browser.all(SESSION_ROWS).size() == 1);
        browser.textUntil(
                ConsoleBrowser.rowCss("sessions", clientId),
                text -> text.contains("connected") && !text.contains("disconnected"));
        browser.screenshot("sessions-client");

        browser.clickRowAction("sessions", clientId, "details");
        browser.withText("[data-details=\"session\"]", clientId);
        // a connected persistent DEVICE session that was sent nothing: both counts are known and zero
        Map<String, String> props = detailsProperties();
        assertThat(props).containsEntry("In-flight messages", "0").containsEntry("Stored messages", "0");
        browser.screenshot("session-details");
        browser.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
        browser.gone("[data-details=\"session\"]");

        browser.clickRowAction("sessions", clientId, "disconnect");
        browser.confirm(true);
        await().atMost(ConsoleBrowser.WAIT).until(() -> lost.get() != null);
        assertThat(client.isConnected()).isFalse();
        awaitSessionState(clientId, "DISCONNECTED");

        browser.choose("select[data-filter=\"connected\"]", "true");
        browser.until(d -> browser.all(SESSION_ROWS).isEmpty());
        browser.choose("select[data-filter=\"connected\"]", "false");
        browser.textUntil(ConsoleBrowser.rowCss("sessions", clientId), text -> text.contains("disconnected"));
        // under "all" the row is there again: only a reload after the removal can take it away
        browser.choose("select[data-filter=\"connected\"]", "all");
        browser.textUntil(ConsoleBrowser.rowCss("sessions", clientId), text -> text.contains("disconnected"));

        browser.clickRowAction("sessions", clientId, "remove");
        browser.confirm(true);
        await().atMost(ConsoleBrowser.WAIT)
                .until(() -> api.get("/api/client-session/details?clientId=" + clientId)
                                .status()
                        == 404);
        browser.until(d -> browser.all(SESSION_ROWS).isEmpty());
    }

    private void awaitSessionState(String clientId, String state) {
        await().atMost(ConsoleBrowser.WAIT)
                .until(
                        () -> api.get("/api/client-session/details?clientId=" + clientId),
                        r -> r.status() == 200
                                && state.equals(r.body().path("connectionState").asString()));
    }

    @Test
    void credentialsCreatedInTheFormLetAClientConnectWithTheirPasswordAndRules() {
        String user = "console-" + run + "-user";
        browser.go("credentials");
        browser.visible("button[data-action=\"create\"]").click();
        WebElement form = browser.visible("form[data-form=\"credentials\"]");
        browser.fill(form, "name", "Console " + run);
        browser.fill(form, "credentialsType", "MQTT_BASIC");
        browser.fill(form, "clientType", "DEVICE");
        browser.fill(form, "userName", user);
        browser.fill(form, "password", "pw-" + run);
        browser.fill(form, "pubAuthRulePatterns", "console/" + run + "/allowed/.*");
        browser.fill(form, "subAuthRulePatterns", "console/" + run + "/.*");
        assertTopicTest("console/" + run + "/allowed/1", "publish allowed");
        assertTopicTest("console/" + run + "/elsewhere", "publish denied");
        browser.screenshot("credentials-form");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        browser.gone("form[data-form=\"credentials\"]");

        browser.filter(run);
        browser.withText("table[data-table=\"credentials\"] tbody", "Console " + run);
        browser.until(d -> browser.all(CREDENTIALS_ROWS).size() == 1);
        browser.screenshot("credentials-created");

        int port = Endpoints.tcpPort(server);
        var good = hive.v5("console-" + run + "-good", port, null);
        assertThat(AuthClients.connect(good, user, "pw-" + run)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(AuthClients.publish(good, "console/" + run + "/allowed/1")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(AuthClients.publish(good, "console/" + run + "/elsewhere"))
                .as("the publish rule typed in the form holds")
                .isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        var bad = hive.v5("console-" + run + "-bad", port, null);
        assertThat(AuthClients.connect(bad, user, "not-the-password"))
                .as("the password typed in the form is checked")
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);

        String id = browser.attribute(CREDENTIALS_ROWS, "data-key");
        browser.clickRowAction("credentials", id, "delete");
        browser.withText("#confirm-text", "Console " + run);
        browser.confirm(true);
        browser.until(d -> browser.all(CREDENTIALS_ROWS).isEmpty());
        assertThat(api.get("/api/mqtt/client/credentials/" + id).status()).isEqualTo(404);
        // a client connected with deleted credentials is disconnected
        await().atMost(ConsoleBrowser.WAIT).until(() -> !good.getState().isConnected());
    }

    private void assertTopicTest(String topic, String expected) {
        WebElement input = browser.visible("input[name=\"testTopic\"]");
        ConsoleBrowser.type(input, topic);
        browser.visible("button[data-action=\"test-topic\"]").click();
        browser.withText("[data-test-result]", expected);
    }

    private record LostCallback(AtomicReference<Throwable> lost) implements MqttCallback {

        @Override
        public void connectionLost(Throwable cause) {
            lost.set(cause);
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {}

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }
}
