package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * With MQTT_EVENTS_SYS_TOPICS_ENABLED, events go out on $SYS/relaymq/events/... through the routing path, to
 * clients whose subscribe rules name $SYS, and to nobody else: not to a client allowed ".*", not to an anonymous
 * client, not to a "#" subscriber ([MQTT-4.7.2-1]). Nobody may publish there. The node runs in a cluster of its
 * own (its topics and groups have names no other node uses), so the switch is on for it alone.
 */
@ExtendWith(LocalStackExtension.class)
class SysTopicEventsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String EVENTS = "$SYS/relaymq/events/#";

    private static BrokerProcess node;
    private static ApiClient api;

    private final AuthClients clients = new AuthClients();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        String ns = "it.sysevents." + UUID.randomUUID().toString().substring(0, 8) + ".";
        node = BrokerProcess.start(
                        "sysevents-" + UUID.randomUUID().toString().substring(0, 8),
                        stack,
                        Map.ofEntries(
                                Map.entry("MQTT_AUTH_ALLOW_ANONYMOUS", "true"),
                                Map.entry("MQTT_EVENTS_SYS_TOPICS_ENABLED", "true"),
                                Map.entry("MQTT_EVENTS_TOPIC", ns + "client.events"),
                                Map.entry("RELAYMQ_KAFKA_MSG_ALL_TOPIC", ns + "msg.all"),
                                Map.entry("RELAYMQ_KAFKA_MSG_ALL_CONSUMER_GROUP", ns + "msg-all"),
                                Map.entry("RELAYMQ_KAFKA_RETAINED_TOPIC", ns + "retained"),
                                Map.entry("RELAYMQ_KAFKA_SUBSCRIPTIONS_TOPIC", ns + "subscriptions"),
                                Map.entry("RELAYMQ_KAFKA_SESSIONS_TOPIC", ns + "sessions"),
                                Map.entry("RELAYMQ_KAFKA_SESSION_EVENT_REQUEST_TOPIC", ns + "session.event.request"),
                                Map.entry("RELAYMQ_KAFKA_MSG_PERSISTED_TOPIC", ns + "msg.persisted"),
                                Map.entry("RELAYMQ_KAFKA_MSG_PERSISTED_CONSUMER_GROUP", ns + "msg-persisted"),
                                Map.entry("RELAYMQ_KAFKA_MSG_PERSISTED_PARTITIONS", "2")))
                .awaitReady();
        api = ApiClient.admin(node.httpPort());
    }

    @AfterAll
    static void stop() {
        BrokerProcess.closeAll(node);
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    /** A DEVICE user whose subscribe rules are {@code subscribePattern} and who may publish anywhere the rules allow. */
    private String user(String name, String subscribePattern) {
        String user = name + "-" + run;
        String value = "{\"userName\":\"" + user + "\",\"password\":\"pw-" + run + "\",\"authRules\":"
                + "{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":["
                + JSON.writeValueAsString(subscribePattern)
                + "]}}";
        ApiClient.Response created = api.post(
                "/api/mqtt/client/credentials",
                Map.of(
                        "name",
                        user,
                        "clientType",
                        "DEVICE",
                        "credentialsType",
                        "MQTT_BASIC",
                        "credentialsValue",
                        value));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        return user;
    }

    /** A connected 5.0 client whose received messages land in {@code received}. */
    private Mqtt5BlockingClient connected(String clientId, String user, List<Mqtt5Publish> received) {
        Mqtt5BlockingClient client = clients.v5(clientId, node.mqttPort(), null);
        client.toAsync().publishes(MqttGlobalPublishFilter.ALL, received::add);
        assertThat(AuthClients.connect(client, user, user == null ? null : "pw-" + run))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        return client;
    }

    private static List<String> topics(List<Mqtt5Publish> received) {
        return received.stream().map(p -> p.getTopic().toString()).toList();
    }

    @Test
    void onlyAClientWithARuleNamingSysReceivesTheEvents() {
        List<Mqtt5Publish> granted = new CopyOnWriteArrayList<>();
        List<Mqtt5Publish> everything = new CopyOnWriteArrayList<>();
        List<Mqtt5Publish> anonymous = new CopyOnWriteArrayList<>();
        Mqtt5BlockingClient watcher = connected("watcher-" + run, user("watcher", "\\$SYS/relaymq/events/.*"), granted);
        Mqtt5BlockingClient dotStar = connected("dotstar-" + run, user("dotstar", ".*"), everything);
        Mqtt5BlockingClient anon = connected("anon-" + run, null, anonymous);

        assertThat(AuthClients.subscribe(watcher, EVENTS)).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(AuthClients.subscribe(dotStar, EVENTS)).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        assertThat(AuthClients.subscribe(dotStar, "$SYS/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        assertThat(AuthClients.subscribe(anon, "$SYS/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        // [MQTT-4.7.2-1]: allowed, but a filter starting with a wildcard never matches a topic starting with '$'
        assertThat(AuthClients.subscribe(dotStar, "#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(AuthClients.subscribe(anon, "#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(AuthClients.subscribe(anon, "+/relaymq/events/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);

        String watched = "watched/" + run;
        Mqtt5BlockingClient client = connected(watched, null, new CopyOnWriteArrayList<>());
        client.disconnect();

        String level = SysTopics.clientLevel(watched);
        assertThat(level).isEqualTo("watched%2F" + run);
        await().atMost(WAIT)
                .until(
                        () -> topics(granted),
                        t -> t.contains("$SYS/relaymq/events/connected/" + level)
                                && t.contains("$SYS/relaymq/events/disconnected/" + level));
        Mqtt5Publish connectedEvent = granted.stream()
                .filter(p -> p.getTopic().toString().equals("$SYS/relaymq/events/connected/" + level))
                .findFirst()
                .orElseThrow();
        JsonNode json = JSON.readTree(connectedEvent.getPayloadAsBytes());
        assertThat(json.get("type").asString()).isEqualTo("CONNECTED");
        assertThat(json.get("clientId").asString()).isEqualTo(watched);
        assertThat(connectedEvent.getContentType().map(Object::toString)).contains("application/json");

        // a marker published after the events reached the watcher reaches the '#' subscribers after them too
        String marker = "marker/" + run;
        AuthClients.publish(anon, marker);
        await().atMost(WAIT)
                .until(() ->
                        topics(everything).contains(marker) && topics(anonymous).contains(marker));
        assertThat(topics(everything)).noneMatch(t -> t.startsWith("$"));
        assertThat(topics(anonymous)).noneMatch(t -> t.startsWith("$"));
    }

    @Test
    void nobodyMayPublishToSysTopics() throws Exception {
        List<Mqtt5Publish> granted = new CopyOnWriteArrayList<>();
        Mqtt5BlockingClient watcher = connected("watcher-" + run, user("forger", "\\$SYS/relaymq/events/.*"), granted);
        assertThat(AuthClients.subscribe(watcher, EVENTS)).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        String forged = "$SYS/relaymq/events/connected/forged-" + run;

        // 5.0 QoS 1: PUBACK 0x87, though the publisher's rules allow '.*'
        assertThat(AuthClients.publish(watcher, forged)).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        // 3.1.1 has no such code: the connection is closed
        MqttClient v3 =
                new MqttClient("tcp://127.0.0.1:" + node.mqttPort(), "forger311-" + run, new MemoryPersistence());
        try {
            MqttConnectOptions options = new MqttConnectOptions();
            options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
            v3.connect(options);
            v3.publish(forged, "x".getBytes(StandardCharsets.UTF_8), 0, false);
            await().atMost(WAIT).until(() -> !v3.isConnected());
        } finally {
            v3.close(true);
        }

        // the watcher sees the 3.1.1 client's own events, never the forged topic
        await().atMost(WAIT).until(() -> topics(granted).contains("$SYS/relaymq/events/disconnected/forger311-" + run));
        assertThat(topics(granted)).doesNotContain(forged);
    }
}
