package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Real Paho clients connect, subscribe, are taken over, kicked and refused, and a Kafka consumer reads each
 * client's events from relaymq.client.events in order, with the fields of their type and never a password.
 */
@RelayMqNodeTest
class ClientEventsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PASSWORD = "pw-" + UUID.randomUUID();

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    ClientEventsProperties settings;

    @LocalServerPort
    int httpPort;

    private final PahoClients v3Clients = new PahoClients();
    private final List<MqttClient> v5Clients = new ArrayList<>();
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private EventReader events;

    @BeforeEach
    void readFromNow() {
        events = new EventReader(kafka.bootstrapServers(), settings.topic());
    }

    @AfterEach
    void close() throws Exception {
        v3Clients.closeAll();
        for (MqttClient client : v5Clients) {
            if (client.isConnected()) {
                client.disconnectForcibly(1000);
            }
            client.close(true);
        }
        events.close();
    }

    private String uri() {
        return "tcp://127.0.0.1:" + server.boundPorts().get("tcp");
    }

    private String basicUser() {
        String user = "events-" + run;
        String value = "{\"userName\":\"" + user + "\",\"password\":\"" + PASSWORD + "\",\"authRules\":"
                + "{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\"allowed/.*\"]}}";
        credentials.save(null, user, ClientType.DEVICE, CredentialsType.MQTT_BASIC, value);
        return user;
    }

    private MqttClient v5(String clientId) throws MqttException {
        MqttClient client =
                new MqttClient(uri(), clientId, new org.eclipse.paho.mqttv5.client.persist.MemoryPersistence());
        v5Clients.add(client);
        return client;
    }

    private static MqttConnectionOptions v5Options(String user, String password, long expiry) {
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(true);
        options.setSessionExpiryInterval(expiry);
        options.setKeepAliveInterval(30);
        options.setAutomaticReconnect(false);
        if (user != null) {
            options.setUserName(user);
            options.setPassword(password.getBytes(StandardCharsets.UTF_8));
        }
        return options;
    }

    private org.eclipse.paho.client.mqttv3.MqttClient v3(String clientId, boolean cleanSession) throws Exception {
        org.eclipse.paho.client.mqttv3.MqttClient client =
                v3Clients.add(new org.eclipse.paho.client.mqttv3.MqttClient(uri(), clientId, new MemoryPersistence()));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(cleanSession);
        options.setKeepAliveInterval(30);
        client.connect(options);
        return client;
    }

    private List<JsonNode> awaitEvents(String clientId, int count) {
        await().atMost(WAIT).pollDelay(Duration.ZERO).until(() -> {
            events.poll();
            return events.of(clientId).size() >= count;
        });
        return events.of(clientId);
    }

    private void assertCommonFields(List<JsonNode> all, String clientId) {
        for (JsonNode event : all) {
            assertThat(event.get("clientId").asString()).isEqualTo(clientId);
            assertThat(event.get("node").asString()).isEqualTo("it-node-1");
            assertThat(event.get("timestamp").asLong()).isPositive();
        }
    }

    @Test
    void aClientsWholeLifeIsToldInOrder() throws Exception {
        String user = basicUser();
        String id = "life-" + run;
        MqttClient client = v5(id);
        client.connect(v5Options(user, PASSWORD, 0));
        client.subscribe(
                new MqttSubscription[] {new MqttSubscription("allowed/a", 1), new MqttSubscription("denied/b", 1)});
        client.unsubscribe(new String[] {"allowed/a"});
        client.disconnect();

        List<JsonNode> all = awaitEvents(id, 6);
        assertThat(events.typesOf(id))
                .containsExactly(
                        "SESSION_CREATED", "CONNECTED", "SUBSCRIBED", "UNSUBSCRIBED", "DISCONNECTED", "SESSION_ENDED");
        assertCommonFields(all, id);
        assertThat(all.get(0).get("clientType").asString()).isEqualTo("DEVICE");
        JsonNode connected = all.get(1);
        assertThat(connected.get("userName").asString()).isEqualTo(user);
        assertThat(connected.get("principal").asString()).startsWith("MQTT_BASIC:");
        assertThat(connected.get("address").asString()).startsWith("127.0.0.1:");
        assertThat(connected.get("protocolVersion").asString()).isEqualTo("5");
        assertThat(connected.get("cleanStart").asBoolean()).isTrue();
        assertThat(connected.get("keepAlive").asInt()).isEqualTo(30);
        assertThat(connected.get("sessionExpiry").asLong()).isZero();
        assertThat(connected.get("sessionPresent").asBoolean()).isFalse();
        JsonNode subscriptions = all.get(2).get("subscriptions");
        assertThat(subscriptions.get(0).get("filter").asString()).isEqualTo("allowed/a");
        assertThat(subscriptions.get(0).get("reasonCode").asInt()).isEqualTo(1);
        assertThat(subscriptions.get(1).get("filter").asString()).isEqualTo("denied/b");
        assertThat(subscriptions.get(1).get("reasonCode").asInt()).isEqualTo(0x87);
        assertThat(all.get(3).get("subscriptions").get(0).get("reasonCode").asInt())
                .isZero();
        assertThat(all.get(4).get("reason").asString()).isEqualTo("CLIENT_DISCONNECT");
        assertThat(all.get(4).get("reasonCode").asInt()).isZero();
        assertThat(all.get(4).get("sessionId").asString())
                .isEqualTo(connected.get("sessionId").asString());
        assertThat(all.get(5).get("reason").asString()).isEqualTo("EXPIRY_ZERO");
        assertThat(events.rawValues()).noneMatch(v -> v.contains(PASSWORD));
    }

    @Test
    void aSecondConnectionTakesTheSessionOverAndACleanStartReplacesIt() throws Exception {
        String id = "takeover-" + run;
        v3(id, false);
        v3(id, false).disconnect();
        v3(id, true).disconnect();

        List<JsonNode> all = awaitEvents(id, 10);
        assertCommonFields(all, id);
        List<String> types = events.typesOf(id);
        assertThat(types.subList(0, 2)).containsExactly("SESSION_CREATED", "CONNECTED");
        assertThat(all.get(1).get("protocolVersion").asString()).isEqualTo("3.1.1");
        assertThat(all.get(1).get("cleanStart").asBoolean()).isFalse();
        assertThat(all.get(1).get("sessionPresent").asBoolean()).isFalse();
        // the old connection's close and the new one's CONNACK happen side by side
        assertThat(types.subList(2, 4)).containsExactlyInAnyOrder("CONNECTED", "DISCONNECTED");
        JsonNode takenOver = all.get(types.subList(2, 4).indexOf("DISCONNECTED") + 2);
        assertThat(takenOver.get("reason").asString()).isEqualTo("TAKEN_OVER");
        assertThat(takenOver.get("reasonCode").asInt()).isEqualTo(0x8E);
        assertThat(takenOver.get("sessionId").asString())
                .isEqualTo(all.get(1).get("sessionId").asString());
        JsonNode resumed = all.get(types.subList(2, 4).indexOf("CONNECTED") + 2);
        assertThat(resumed.get("sessionPresent").asBoolean()).isTrue();
        assertThat(types.subList(4, 10))
                .containsExactly(
                        "DISCONNECTED",
                        "SESSION_ENDED",
                        "SESSION_CREATED",
                        "CONNECTED",
                        "DISCONNECTED",
                        "SESSION_ENDED");
        assertThat(all.get(4).get("reason").asString()).isEqualTo("CLIENT_DISCONNECT");
        assertThat(all.get(5).get("reason").asString()).isEqualTo("REPLACED");
        assertThat(all.get(7).get("cleanStart").asBoolean()).isTrue();
        assertThat(all.get(9).get("reason").asString()).isEqualTo("EXPIRY_ZERO");
    }

    @Test
    void aRefusedPasswordIsToldWithoutThePassword() throws Exception {
        String user = basicUser();
        String id = "refused-" + run;
        String wrong = "wrong-" + UUID.randomUUID();
        MqttException refused =
                catchThrowableOfType(MqttException.class, () -> v5(id).connect(v5Options(user, wrong, 0)));
        assertThat(refused.getReasonCode()).isEqualTo(0x86);

        List<JsonNode> all = awaitEvents(id, 1);
        assertThat(events.typesOf(id)).containsExactly("AUTH_FAILED");
        assertCommonFields(all, id);
        assertThat(all.get(0).get("userName").asString()).isEqualTo(user);
        assertThat(all.get(0).get("reasonCode").asInt()).isEqualTo(0x86);
        assertThat(all.get(0).get("protocolVersion").asString()).isEqualTo("5");
        assertThat(all.get(0).get("address").asString()).startsWith("127.0.0.1:");
        assertThat(events.rawValues()).noneMatch(v -> v.contains(wrong) || v.contains(PASSWORD));
    }

    @Test
    void anOperatorKickAndRemoveAreToldAsAdministrativeAction() throws Exception {
        ApiClient api = ApiClient.admin(httpPort);
        String kicked = "kicked-" + run;
        v5(kicked).connect(v5Options(null, null, 0));
        String removed = "removed-" + run;
        v5(removed).connect(v5Options(null, null, 300));
        awaitEvents(kicked, 2);
        awaitEvents(removed, 2);

        assertThat(api.delete("/api/client-session/disconnect?clientId=" + kicked)
                        .status())
                .isEqualTo(200);
        assertThat(api.delete("/api/client-session/remove?clientId=" + removed).status())
                .isEqualTo(200);

        List<JsonNode> kick = awaitEvents(kicked, 4);
        assertThat(events.typesOf(kicked))
                .containsExactly("SESSION_CREATED", "CONNECTED", "DISCONNECTED", "SESSION_ENDED");
        assertThat(kick.get(2).get("reason").asString()).isEqualTo("ADMINISTRATIVE_ACTION");
        assertThat(kick.get(2).get("reasonCode").asInt()).isEqualTo(0x98);
        assertThat(kick.get(3).get("reason").asString()).isEqualTo("EXPIRY_ZERO");
        List<JsonNode> remove = awaitEvents(removed, 4);
        // the session ends at once; its connection's close is told when the socket is gone
        assertThat(events.typesOf(removed).subList(2, 4)).containsExactlyInAnyOrder("DISCONNECTED", "SESSION_ENDED");
        for (JsonNode event : remove.subList(2, 4)) {
            String expected = event.get("type").asString().equals("DISCONNECTED") ? "ADMINISTRATIVE_ACTION" : "REMOVED";
            assertThat(event.get("reason").asString()).isEqualTo(expected);
        }
    }
}
