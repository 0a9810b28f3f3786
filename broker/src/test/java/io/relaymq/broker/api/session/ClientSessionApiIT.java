package io.relaymq.broker.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.MqttClientState;
import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.lifecycle.MqttClientDisconnectedContext;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5DisconnectException;
import com.hivemq.client.mqtt.mqtt5.message.disconnect.Mqtt5DisconnectReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Sessions, subscriptions and retained messages through the API, and their effect on live MQTT clients. */
@RelayMqNodeTest
class ClientSessionApiIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    private ApiClient api;
    private final List<Mqtt5BlockingClient> clients = new ArrayList<>();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @AfterEach
    void close() {
        clients.stream().filter(c -> c.getState().isConnected()).forEach(Mqtt5BlockingClient::disconnect);
    }

    private Mqtt5BlockingClient connect(String id, boolean persistent, AtomicReference<Throwable> disconnectCause) {
        var builder = MqttClient.builder()
                .useMqttVersion5()
                .identifier(id)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server));
        if (disconnectCause != null) {
            builder = builder.addDisconnectedListener(
                    (MqttClientDisconnectedContext ctx) -> disconnectCause.set(ctx.getCause()));
        }
        Mqtt5BlockingClient client = builder.buildBlocking();
        client.connectWith()
                .cleanStart(true)
                .sessionExpiryInterval(persistent ? 3600 : 0)
                .send();
        clients.add(client);
        return client;
    }

    private JsonNode sessionsPage(String query) {
        ApiClient.Response r = api.get("/api/client-session?pageSize=100&page=0&textSearch=" + run + query);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.body();
    }

    @Test
    void listsFiltersAndDescribesSessionsOfTheCluster() {
        Mqtt5BlockingClient durable = connect("durable-" + run, true, null);
        durable.subscribeWith()
                .topicFilter("api/" + run + "/+")
                .qos(MqttQos.AT_LEAST_ONCE)
                .send();
        connect("volatile-" + run, false, null);

        await().atMost(WAIT).until(() -> sessionsPage("").get("totalElements").asLong() == 2);
        JsonNode page = sessionsPage("&sortProperty=clientId&sortOrder=DESC");
        assertThat(page.get("data").get(0).get("clientId").asString()).isEqualTo("volatile-" + run);
        assertThat(page.get("data").get(1).get("subscriptionsCount").asInt()).isEqualTo(1);
        assertThat(page.get("data").get(1).get("clientIpAdr").asString()).isEqualTo("127.0.0.1");
        assertThat(page.get("data").get(1).get("clientType").asString()).isEqualTo("DEVICE");
        assertThat(page.get("data").get(1).get("mqttVersion").asString()).isEqualTo("MQTT_5");

        JsonNode persistentOnly =
                sessionsPage("&cleanStartList=true&connectedStatusList=CONNECTED&nodeIdList=it-node-1");
        assertThat(persistentOnly.get("totalElements").asLong()).isEqualTo(2);
        assertThat(sessionsPage("&nodeIdList=some-other-node")
                        .get("totalElements")
                        .asLong())
                .isZero();

        JsonNode paged = api.get("/api/client-session?pageSize=1&page=0&textSearch=" + run)
                .body();
        assertThat(paged.get("totalPages").asInt()).isEqualTo(2);
        assertThat(paged.get("hasNext").asBoolean()).isTrue();

        JsonNode details =
                api.get("/api/client-session/details?clientId=durable-" + run).body();
        assertThat(details.get("connectionState").asString()).isEqualTo("CONNECTED");
        assertThat(details.get("sessionExpiryInterval").asLong()).isEqualTo(3600);
        assertThat(details.get("subscriptions").get(0).get("topicFilter").asString())
                .isEqualTo("api/" + run + "/+");
        assertThat(details.get("subscriptions").get(0).get("qos").asString()).isEqualTo("AT_LEAST_ONCE");
        assertThat(api.get("/api/client-session?clientId=durable-" + run)
                        .body()
                        .get("clientId")
                        .asString())
                .isEqualTo("durable-" + run);
        assertThat(api.get("/api/client-session/info")
                        .body()
                        .get("connectedCount")
                        .asLong())
                .isGreaterThanOrEqualTo(2);

        ApiClient.Response missing = api.get("/api/client-session/details?clientId=nobody-" + run);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body().get("detail").asString()).contains("nobody-" + run);
        assertThat(api.get("/api/client-session?pageSize=0&page=0").status()).isEqualTo(400);
        assertThat(api.get("/api/client-session?pageSize=10&page=0&sortProperty=password")
                        .body()
                        .get("detail")
                        .asString())
                .contains("sortProperty must be one of");
    }

    @Test
    void disconnectViaTheApiClosesTheConnectionAndKeepsAPersistentSession() {
        AtomicReference<Throwable> cause = new AtomicReference<>();
        Mqtt5BlockingClient client = connect("kick-" + run, true, cause);
        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session/details?clientId=kick-" + run)
                                .status()
                        == 200);

        assertThat(api.delete("/api/client-session/disconnect?clientId=kick-" + run)
                        .status())
                .isEqualTo(200);
        await().atMost(WAIT).until(() -> client.getState() == MqttClientState.DISCONNECTED);
        assertThat(cause.get()).isInstanceOf(Mqtt5DisconnectException.class);
        assertThat(((Mqtt5DisconnectException) cause.get()).getMqttMessage().getReasonCode())
                .isEqualTo(Mqtt5DisconnectReasonCode.ADMINISTRATIVE_ACTION);
        await().atMost(WAIT)
                .until(() -> "DISCONNECTED"
                        .equals(api.get("/api/client-session/details?clientId=kick-" + run)
                                .body()
                                .get("connectionState")
                                .asString()));
    }

    @Test
    void removeViaTheApiEndsTheSessionEverywhere() {
        Mqtt5BlockingClient client = connect("gone-" + run, true, null);
        client.subscribeWith().topicFilter("gone/" + run).send();
        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session/details?clientId=gone-" + run)
                                .status()
                        == 200);

        assertThat(api.delete("/api/client-session/remove?clientId=gone-" + run).status())
                .isEqualTo(200);
        await().atMost(WAIT).until(() -> client.getState() == MqttClientState.DISCONNECTED);
        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session/details?clientId=gone-" + run)
                                .status()
                        == 404);
        assertThat(api.delete("/api/client-session/remove?clientId=gone-" + run).status())
                .isEqualTo(404);

        // the session did not survive: a reconnect without clean start finds nothing
        Mqtt5BlockingClient again = MqttClient.builder()
                .useMqttVersion5()
                .identifier("gone-" + run)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        clients.add(again);
        assertThat(again.connectWith()
                        .cleanStart(false)
                        .sessionExpiryInterval(3600)
                        .send()
                        .isSessionPresent())
                .isFalse();
    }

    @Test
    void replacingSubscriptionsChangesWhatAConnectedClientReceives() throws Exception {
        Mqtt5BlockingClient subscriber = connect("subs-" + run, true, null);
        subscriber.subscribeWith().topicFilter("old/" + run).send();
        await().atMost(WAIT)
                .until(() -> api.get("/api/subscription?clientId=subs-" + run).status() == 200);

        ApiClient.Response replaced = api.post(
                "/api/subscription",
                Map.of(
                        "clientId",
                        "subs-" + run,
                        "subscriptions",
                        List.of(Map.of(
                                "topicFilter",
                                "new/" + run + "/#",
                                "qos",
                                1,
                                "options",
                                Map.of("noLocal", false, "retainAsPublish", false, "retainHandling", 0)))));
        assertThat(replaced.status()).as(replaced.text()).isEqualTo(200);
        await().atMost(WAIT)
                .until(() -> api.get("/api/subscription?clientId=subs-" + run)
                        .body()
                        .toString()
                        .equals("[{\"topicFilter\":\"new/" + run + "/#\",\"qos\":\"AT_LEAST_ONCE\","
                                + "\"options\":{\"noLocal\":false,"
                                + "\"retainAsPublish\":false,\"retainHandling\":0},\"subscriptionId\":null}]"));

        Mqtt5BlockingClient publisher = connect("pub-" + run, false, null);
        try (var publishes = subscriber.publishes(MqttGlobalPublishFilter.ALL)) {
            publisher
                    .publishWith()
                    .topic("old/" + run)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload("old".getBytes())
                    .send();
            publisher
                    .publishWith()
                    .topic("new/" + run + "/x")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload("new".getBytes())
                    .send();
            Mqtt5Publish first = publishes.receive(20, TimeUnit.SECONDS).orElseThrow();
            assertThat(first.getTopic().toString()).isEqualTo("new/" + run + "/x");
        }

        ApiClient.Response invalid = api.post(
                "/api/subscription",
                Map.of(
                        "clientId",
                        "subs-" + run,
                        "subscriptions",
                        List.of(Map.of("topicFilter", "bad/#/filter", "qos", 1))));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body().get("detail").asString()).contains("invalid topic filter");
        ApiClient.Response badQos = api.post(
                "/api/subscription",
                Map.of("clientId", "subs-" + run, "subscriptions", List.of(Map.of("topicFilter", "a", "qos", 3))));
        assertThat(badQos.status()).isEqualTo(400);
        assertThat(badQos.body().get("detail").asString()).contains("qos");
        assertThat(api.post("/api/subscription", Map.of("clientId", "nobody-" + run, "subscriptions", List.of()))
                        .status())
                .isEqualTo(404);
    }

    @Test
    void sharedSubscriptionGroupsAreListedWithTheirMembers() {
        connect("share-a-" + run, false, null)
                .subscribeWith()
                .topicFilter("$share/g" + run + "/jobs/#")
                .send();
        connect("share-b-" + run, false, null)
                .subscribeWith()
                .topicFilter("$share/g" + run + "/jobs/#")
                .send();

        await().atMost(WAIT)
                .until(() -> api.get("/api/subscription?pageSize=10&page=0&textSearch=g" + run)
                                .body()
                                .get("totalElements")
                                .asLong()
                        == 1);
        JsonNode group = api.get("/api/subscription?pageSize=10&page=0&textSearch=g" + run)
                .body()
                .get("data")
                .get(0);
        assertThat(group.get("shareName").asString()).isEqualTo("g" + run);
        assertThat(group.get("topicFilter").asString()).isEqualTo("jobs/#");
        assertThat(group.get("clients").findValuesAsString("clientId"))
                .containsExactly("share-a-" + run, "share-b-" + run);
    }

    @Test
    void retainedMessagesAreListedReadAndDeletedClusterWide() {
        Mqtt5BlockingClient publisher = connect("retain-" + run, false, null);
        publisher
                .publishWith()
                .topic("ret/" + run + "/a")
                .retain(true)
                .qos(MqttQos.AT_LEAST_ONCE)
                .payload("hello".getBytes(StandardCharsets.UTF_8))
                .send();
        publisher
                .publishWith()
                .topic("ret/" + run + "/b")
                .retain(true)
                .qos(MqttQos.AT_MOST_ONCE)
                .payload("world".getBytes(StandardCharsets.UTF_8))
                .send();

        await().atMost(WAIT)
                .until(() -> api.get("/api/retained-msg?pageSize=10&page=0&textSearch=" + run)
                                .body()
                                .get("totalElements")
                                .asLong()
                        == 2);
        JsonNode byQos = api.get(
                        "/api/retained-msg?pageSize=10&page=0&sortProperty=qos&sortOrder=DESC&textSearch=" + run)
                .body();
        assertThat(byQos.get("data").get(0).get("topic").asString()).isEqualTo("ret/" + run + "/a");
        JsonNode one = api.get("/api/retained-msg?topicName=ret/" + run + "/b").body();
        assertThat(one.get("payload").asString()).isEqualTo("world");
        assertThat(one.get("qos").asInt()).isZero();

        assertThat(api.delete("/api/retained-msg?topicName=ret/" + run + "/a").status())
                .isEqualTo(200);
        assertThat(api.get("/api/retained-msg?topicName=ret/" + run + "/a").status())
                .isEqualTo(404);
        Mqtt5BlockingClient late = connect("late-" + run, false, null);
        try (var publishes = late.publishes(MqttGlobalPublishFilter.ALL)) {
            late.subscribeWith().topicFilter("ret/" + run + "/+").send();
            Mqtt5Publish only = publishes.receive(20, TimeUnit.SECONDS).orElseThrow();
            assertThat(only.getTopic().toString()).isEqualTo("ret/" + run + "/b");
            assertThat(publishes.receive(500, TimeUnit.MILLISECONDS))
                    .as("the deleted message is not delivered")
                    .isEmpty();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
