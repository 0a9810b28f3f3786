package io.relaymq.broker.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RawMqttClient;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * [MQTT-4.4.0-1]: a message sent and not acknowledged is sent again with its original packet id and DUP
 * set when the session continues, also on another node after the node that sent it was killed: for a
 * persistent DEVICE session (Redis knows it was sent) and for a QoS 2 message of a persistent APPLICATION
 * session (its packet id is in PostgreSQL), so the receiver's QoS 2 de-duplication by packet id works
 * ([MQTT-4.3.3-10]). A QoS 2 message of an APPLICATION session leaves only once PostgreSQL holds its packet
 * id; the DEVICE test waits until Redis marked its message sent before the kill.
 */
@ExtendWith(LocalStackExtension.class)
class RedeliveryAfterCrashIT {

    private static final Map<String, String> ENV =
            Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true", "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS", "app-.*");

    private static BrokerProcess survivor;
    private static RedisClusterClient redis;
    private final PahoClients clients = new PahoClients();

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        survivor = BrokerProcess.start("redeliver-a", stack, ENV).awaitReady();
        redis = RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                .map(a -> RedisURI.create("redis://" + a))
                .toList());
    }

    @AfterAll
    static void stop() {
        BrokerProcess.closeAll(survivor);
        if (redis != null) {
            redis.shutdown();
        }
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    @Test
    void inFlightMessagesOfAKilledNodeAreResentWithTheirPacketIdAndDupOnAnother(StackEndpoints stack) throws Exception {
        String device = id("dev-crash");
        String app = id("app-crash");
        MqttClient publisher = paho(survivor);
        RawMqttClient.Packet toDevice;
        RawMqttClient.Packet toApp;
        try (BrokerProcess doomed =
                        BrokerProcess.start("redeliver-doomed", stack, ENV).awaitReady();
                RawMqttClient deviceBefore = subscribed(doomed, device, 1);
                RawMqttClient appBefore = subscribed(doomed, app, 2)) {
            publisher.publish("crash/" + device, "d1".getBytes(StandardCharsets.UTF_8), 1, false);
            publisher.publish("crash/" + app, "a1".getBytes(StandardCharsets.UTF_8), 2, false);
            toDevice = deviceBefore.nextAcknowledgedPublish();
            toApp = appBefore.nextAcknowledgedPublish();
            assertThat(toDevice.dup()).isFalse();
            assertThat(toApp.dup()).isFalse();
            // neither is acknowledged; the node dies once the stores know about them
            await().atMost(Duration.ofSeconds(20)).until(() -> markedSent(device, toDevice.publishPacketId()));
            assertThat(contextHolds(stack, app, toApp.publishPacketId()))
                    .as("PostgreSQL held the packet id when the QoS 2 PUBLISH went out")
                    .isTrue();
            doomed.kill();
        }

        RawMqttClient.Packet deviceAgain = afterReconnect(device);
        RawMqttClient.Packet appAgain = afterReconnect(app);
        assertThat(deviceAgain.publishPayload()).isEqualTo("d1");
        assertThat(deviceAgain.publishPacketId()).isEqualTo(toDevice.publishPacketId());
        assertThat(deviceAgain.dup()).as("DEVICE message resent with DUP").isTrue();
        assertThat(appAgain.publishPayload()).isEqualTo("a1");
        assertThat(appAgain.publishPacketId()).isEqualTo(toApp.publishPacketId());
        assertThat(appAgain.dup())
                .as("APPLICATION QoS 2 message resent with DUP")
                .isTrue();
    }

    /**
     * [MQTT-4.3.3-4]/[MQTT-4.3.3-5]: once the client received PUBREL it has handed the message on and forgotten
     * its packet id, so the node that continues the session must send PUBREL again, never the PUBLISH: PUBREL
     * leaves only after PostgreSQL holds the message as released, and the survivor sends PUBREL.
     */
    @Test
    void aReleasedQos2MessageGetsPubrelNotThePublishOnAnotherNode(StackEndpoints stack) throws Exception {
        String app = id("app-released");
        MqttClient publisher = paho(survivor);
        int packetId;
        try (BrokerProcess doomed =
                        BrokerProcess.start("redeliver-released", stack, ENV).awaitReady();
                RawMqttClient before = subscribed(doomed, app, 2)) {
            publisher.publish("crash/" + app, "r1".getBytes(StandardCharsets.UTF_8), 2, false);
            packetId = before.nextAcknowledgedPublish().publishPacketId();
            before.pubrec(packetId);
            before.expect(RawMqttClient.PUBREL, packetId);
            assertThat(contextHolds(stack, app, packetId, "pubrel_msg_infos"))
                    .as("PostgreSQL knew of the PUBREC when PUBREL went out")
                    .isTrue();
            doomed.kill();
        }

        RawMqttClient[] client = new RawMqttClient[1];
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> (client[0] = RawMqttClient.connectPersistent(survivor.mqtt(), app)) != null);
        try (RawMqttClient again = client[0]) {
            RawMqttClient.Packet first = again.read();
            while (first.type() == RawMqttClient.PUBLISH && first.qos() == 0) {
                first = again.read(); // a late probe
            }
            assertThat(first.type()).as("PUBREL, not the PUBLISH again").isEqualTo(RawMqttClient.PUBREL);
            assertThat(first.packetId()).isEqualTo(packetId);
        }
    }

    /**
     * A QoS 2 message the client completed (PUBCOMP) while an earlier one was still unacknowledged, so its offset
     * could not be committed: a later context write no longer lists it. The node continuing the session must not
     * send it again (with a new packet id the client would take it for a new message): the context says below
     * which offset everything was sent, so what it does not list there was completed.
     */
    @Test
    void aCompletedQos2MessageWhoseOffsetWasNotCommittedIsNotSentAgainOnAnotherNode(StackEndpoints stack)
            throws Exception {
        String app = id("app-completed");
        MqttClient publisher = paho(survivor);
        int first;
        int third;
        try (BrokerProcess doomed =
                        BrokerProcess.start("redeliver-completed", stack, ENV).awaitReady();
                RawMqttClient before = subscribed(doomed, app, 2)) {
            publisher.publish("crash/" + app, "c1".getBytes(StandardCharsets.UTF_8), 2, false);
            publisher.publish("crash/" + app, "c2".getBytes(StandardCharsets.UTF_8), 2, false);
            first = before.nextAcknowledgedPublish().publishPacketId();
            int second = before.nextAcknowledgedPublish().publishPacketId();
            before.pubrec(second);
            before.expect(RawMqttClient.PUBREL, second);
            before.pubcomp(second);
            publisher.publish("crash/" + app, "c3".getBytes(StandardCharsets.UTF_8), 2, false);
            third = before.nextAcknowledgedPublish().publishPacketId();
            // the context that holds the third message no longer lists the second one
            await().atMost(Duration.ofSeconds(20)).until(() -> contextHolds(stack, app, third));
            assertThat(contextHolds(stack, app, second, "pubrel_msg_infos")).isFalse();
            doomed.kill();
        }

        RawMqttClient[] client = new RawMqttClient[1];
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> (client[0] = RawMqttClient.connectPersistent(survivor.mqtt(), app)) != null);
        List<String> resent = new ArrayList<>();
        try (RawMqttClient again = client[0]) {
            while (!resent.contains("c3")) {
                RawMqttClient.Packet packet = again.nextAcknowledgedPublish();
                resent.add(packet.publishPayload());
                assertThat(packet.dup()).isTrue();
                assertThat(packet.publishPacketId()).isIn(first, third);
            }
        }
        assertThat(resent).containsExactly("c1", "c3");
    }

    /** A persistent raw client subscribed on {@code node}, which the survivor routes to. */
    private RawMqttClient subscribed(BrokerProcess node, String clientId, int qos) throws Exception {
        RawMqttClient client = RawMqttClient.connectPersistent(node.mqtt(), clientId);
        String topic = "crash/" + clientId;
        client.subscribe(1, topic, qos);
        MqttClient probe = paho(survivor);
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            probe.publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 0, false);
            RawMqttClient.Packet packet = client.poll(500);
            return packet != null && packet.type() == RawMqttClient.PUBLISH;
        });
        return client;
    }

    /** Reconnects to the survivor once it has taken the dead node's sessions over; the first message it resends. */
    private static RawMqttClient.Packet afterReconnect(String clientId) throws Exception {
        RawMqttClient[] client = new RawMqttClient[1];
        // until the cluster notices the crash, CONNECTs decided by the dead node are refused: retry like a client
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> (client[0] = RawMqttClient.connectPersistent(survivor.mqtt(), clientId)) != null);
        try (RawMqttClient again = client[0]) {
            return again.nextAcknowledgedPublish();
        }
    }

    private static boolean markedSent(String clientId, int packetId) {
        try (StatefulRedisClusterConnection<String, String> connection = redis.connect()) {
            return "S".equals(connection.sync().getrange("{" + clientId + "}_messages_" + packetId, 0, 0));
        }
    }

    private static boolean contextHolds(StackEndpoints stack, String clientId, int packetId) throws Exception {
        return contextHolds(stack, clientId, packetId, "publish_msg_infos");
    }

    private static boolean contextHolds(StackEndpoints stack, String clientId, int packetId, String column)
            throws Exception {
        try (Connection db = DriverManager.getConnection(stack.jdbcUrl(), stack.jdbcUser(), stack.jdbcPassword());
                PreparedStatement query =
                        db.prepareStatement("SELECT " + column + " FROM application_session_ctx WHERE client_id = ?")) {
            query.setString(1, clientId);
            try (ResultSet row = query.executeQuery()) {
                return row.next()
                        && Arrays.asList(row.getString(1).split(",")).stream()
                                .anyMatch(item -> item.endsWith(":" + packetId));
            }
        }
    }

    private MqttClient paho(BrokerProcess node) throws Exception {
        MqttClient client = clients.add(new MqttClient(node.mqtt(), id("pub"), new MemoryPersistence()));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(30);
        client.connect(options);
        return client;
    }

    private static String id(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
