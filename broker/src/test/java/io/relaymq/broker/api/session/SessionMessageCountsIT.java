package io.relaymq.broker.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RawMqttClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The stored and in-flight message counts of a session's details, for DEVICE and APPLICATION sessions. */
@RelayMqNodeTest
class SessionMessageCountsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

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

    private Mqtt5BlockingClient publisher() {
        Mqtt5BlockingClient client = MqttClient.builder()
                .useMqttVersion5()
                .identifier("count-pub-" + run)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        client.connect();
        clients.add(client);
        return client;
    }

    private static void publish(Mqtt5BlockingClient publisher, String topic, MqttQos qos, String payload) {
        publisher
                .publishWith()
                .topic(topic)
                .qos(qos)
                .payload(payload.getBytes(StandardCharsets.UTF_8))
                .send();
    }

    private JsonNode details(String clientId) {
        ApiClient.Response r = api.get("/api/client-session/details?clientId=" + clientId);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.body();
    }

    /** A count field of the details: null when the field is null. */
    private Long count(String clientId, String field) {
        JsonNode details = details(clientId);
        assertThat(details.has(field)).as(field + " in " + details).isTrue();
        JsonNode value = details.get(field);
        return value.isNull() ? null : value.longValue();
    }

    @Test
    void anOfflineDeviceSessionShowsTheMessagesStoredForIt() throws Exception {
        String clientId = "count-dev-" + run;
        String topic = "counts/" + run + "/device";
        try (RawMqttClient raw = RawMqttClient.connectPersistent(Endpoints.tcp(server), clientId)) {
            raw.subscribe(1, topic, 1);
        }
        await().atMost(WAIT)
                .until(() -> "DISCONNECTED"
                        .equals(details(clientId).get("connectionState").asString()));
        Mqtt5BlockingClient publisher = publisher();
        for (int i = 0; i < 4; i++) {
            publish(publisher, topic, MqttQos.AT_LEAST_ONCE, "m" + i);
        }

        await().atMost(WAIT).until(() -> Long.valueOf(4).equals(count(clientId, "storedMessages")));
    }

    @Test
    void anOnlineClientThatDoesNotAcknowledgeShowsWhatIsInFlight() throws Exception {
        String clientId = "count-raw-" + run;
        String topic = "counts/" + run + "/raw";
        try (RawMqttClient raw = RawMqttClient.connectPersistent(Endpoints.tcp(server), clientId)) {
            raw.subscribe(1, topic, 1);
            Mqtt5BlockingClient publisher = publisher();
            // the subscription routes once a QoS 0 probe arrives
            await().atMost(WAIT).until(() -> {
                publish(publisher, topic, MqttQos.AT_MOST_ONCE, "probe");
                return raw.poll(500) != null;
            });
            for (int i = 0; i < 3; i++) {
                publish(publisher, topic, MqttQos.AT_LEAST_ONCE, "q" + i);
            }
            for (int i = 0; i < 3; i++) {
                assertThat(raw.nextAcknowledgedPublish().qos()).isEqualTo(1); // no PUBACK is sent
            }

            assertThat(count(clientId, "inFlightMessages")).isEqualTo(3L);
        }
    }

    @Test
    void aCleanSessionHasNoStoredCount() {
        String clientId = "count-clean-" + run;
        Mqtt5BlockingClient clean = MqttClient.builder()
                .useMqttVersion5()
                .identifier(clientId)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        clean.connectWith().cleanStart(true).sessionExpiryInterval(0).send();
        clients.add(clean);

        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session/details?clientId=" + clientId)
                                .status()
                        == 200);
        assertThat(count(clientId, "storedMessages")).isNull();
        assertThat(count(clientId, "inFlightMessages")).isZero();
    }

    @Test
    void anOfflineApplicationSessionShowsTheMessagesWaitingInItsTopic() {
        String clientId = "count-app-" + run;
        String topic = "counts/" + run + "/app";
        Map<String, Object> credentials = new LinkedHashMap<>();
        credentials.put("name", "count-app-" + run);
        credentials.put("clientType", "APPLICATION");
        credentials.put("credentialsType", "MQTT_BASIC");
        credentials.put(
                "credentialsValue",
                "{\"userName\":\"count-app-" + run + "\",\"password\":null,"
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\".*\"]}}");
        ApiClient.Response created = api.post("/api/mqtt/client/credentials", credentials);
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        Mqtt5BlockingClient app = MqttClient.builder()
                .useMqttVersion5()
                .identifier(clientId)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        app.connectWith()
                .cleanStart(true)
                .sessionExpiryInterval(600)
                .simpleAuth()
                .username("count-app-" + run)
                .applySimpleAuth()
                .send();
        app.subscribeWith().topicFilter(topic).qos(MqttQos.AT_LEAST_ONCE).send();
        app.disconnect();
        await().atMost(WAIT)
                .until(() -> "DISCONNECTED"
                        .equals(details(clientId).get("connectionState").asString()));
        assertThat(details(clientId).get("clientType").asString()).isEqualTo("APPLICATION");

        Mqtt5BlockingClient publisher = publisher();
        for (int i = 0; i < 5; i++) {
            publish(publisher, topic, MqttQos.AT_LEAST_ONCE, "a" + i);
        }

        await().atMost(WAIT).until(() -> Long.valueOf(5).equals(count(clientId, "storedMessages")));
    }
}
