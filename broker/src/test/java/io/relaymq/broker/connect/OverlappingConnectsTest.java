package io.relaymq.broker.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.ClusterSessionDirectory.Claim;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.support.HeldQos2Begins;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CONNECTs of one client id that overlap: a persistent session reads its QoS 2 state from the store before
 * CONNACK, and while it waits a newer CONNECT (here, or on another node) can claim the session. Exactly one
 * connection may stay ([MQTT-3.1.4-3]): the older CONNECT is told it was taken over when its read completes,
 * instead of being accepted into a session that a newer connection holds or that has ended.
 */
class OverlappingConnectsTest {

    private final HeldQos2Begins store = new HeldQos2Begins();
    private final EmbeddedBroker broker = new EmbeddedBroker(store);

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    @Test
    void anOlderConnectWhoseReadEndsLastIsTakenOverByTheNewerOne() {
        SpecClient older = connectWithoutAnswer("twin-1");
        SpecClient newer = connectWithoutAnswer("twin-1");
        assertThat(store.held()).hasSize(2);

        store.release(1);
        assertThat(connAck(newer.receive())).isNotNull();
        store.release(0);

        assertTakenOver(older);
        assertHolds("twin-1", newer);
    }

    @Test
    void anOlderConnectWhoseReadEndsFirstIsTakenOverByTheNewerOne() {
        SpecClient older = connectWithoutAnswer("twin-2");
        SpecClient newer = connectWithoutAnswer("twin-2");

        store.release(0);
        assertTakenOver(older);
        store.release(1);

        assertThat(connAck(newer.receive())).isNotNull();
        assertHolds("twin-2", newer);
    }

    // [MQTT-3.1.2-4] a clean start discards the session the older CONNECT was still reading
    @Test
    void aCleanStartReplacesTheSessionAnOlderConnectIsStillReading() {
        SpecClient older = connectWithoutAnswer("twin-3");
        SpecClient newer = new SpecClient(broker, MqttVersion.MQTT_5);
        assertThat(newer.connect("twin-3", true)).isNotNull();

        store.release(0);

        assertTakenOver(older);
        assertHolds("twin-3", newer);
    }

    @Test
    void aSessionHandedToAnotherNodeDuringItsConnectDoesNotKeepTheConnection() {
        SpecClient older = connectWithoutAnswer("twin-4");
        ClientSession session = broker.registry.get("twin-4");
        // what a hand-over command from the node that claimed the session meanwhile does
        session.execute(session::handOver);

        store.release(0);

        assertTakenOver(older);
        assertThat(session.isConnected()).isFalse();
        assertThat(broker.registry.get("twin-4")).isNull();
    }

    // grants of the cluster reach this node in the reverse order: the CONNECT granted later keeps the session
    @Test
    void aConnectWhoseGrantArrivesAfterANewerOnesIsTakenOver() {
        HeldClaims cluster = new HeldClaims();
        EmbeddedBroker node = new EmbeddedBroker(store, cluster);
        try {
            SpecClient older = new SpecClient(node, MqttVersion.MQTT_5);
            older.send(cleanConnect("twin-5"));
            SpecClient newer = new SpecClient(node, MqttVersion.MQTT_5);
            newer.send(cleanConnect("twin-5"));
            assertThat(cluster.held).hasSize(2);

            cluster.held.get(1).complete(new Claim(2, Optional.empty()));
            assertThat(connAck(newer.receive())).isNotNull();
            cluster.held.get(0).complete(new Claim(1, Optional.empty()));

            assertTakenOver(older);
            assertThat(newer.isConnected()).isTrue();
            assertThat(node.registry.get("twin-5").connection().channel()).isSameAs(newer.channel());
        } finally {
            node.close();
        }
    }

    private static MqttConnectMessage cleanConnect(String clientId) {
        return MqttMessageBuilders.connect()
                .clientId(clientId)
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(true)
                .keepAlive(60)
                .build();
    }

    /** A cluster that answers each session claim when the test says so. */
    private static final class HeldClaims implements ClusterSessionDirectory {
        final List<CompletableFuture<Claim>> held = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Claim> claim(String clientId, long expirySeconds, SessionDetails details) {
            CompletableFuture<Claim> answer = new CompletableFuture<>();
            held.add(answer);
            return answer;
        }

        @Override
        public boolean isSuperseded(String clientId, long version) {
            return false;
        }
    }

    /** Sends a persistent CONNECT whose read of the session's state the store holds. */
    private SpecClient connectWithoutAnswer(String clientId) {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_5);
        MqttProperties props = new MqttProperties();
        props.add(new MqttProperties.IntegerProperty(MqttProperties.SESSION_EXPIRY_INTERVAL, 300));
        MqttConnectMessage connect = MqttMessageBuilders.connect()
                .clientId(clientId)
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(false)
                .keepAlive(60)
                .properties(props)
                .build();
        client.send(connect);
        assertThat(client.receive())
                .as("no CONNACK before the session's state was read")
                .isEmpty();
        return client;
    }

    private static void assertTakenOver(SpecClient client) {
        List<MqttMessage> told = client.receive();
        assertThat(told)
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.CONNACK, MqttMessageType.DISCONNECT);
        assertThat(((MqttReasonCodeAndPropertiesVariableHeader) told.get(1).variableHeader()).reasonCode())
                .isEqualTo((byte) 0x8E);
        assertThat(client.isConnected()).isFalse();
    }

    private void assertHolds(String clientId, SpecClient client) {
        assertThat(client.isConnected()).isTrue();
        assertThat(broker.registry.get(clientId).connection().channel()).isSameAs(client.channel());
    }

    private static MqttConnAckMessage connAck(List<MqttMessage> messages) {
        return messages.stream()
                .filter(MqttConnAckMessage.class::isInstance)
                .map(MqttConnAckMessage.class::cast)
                .findFirst()
                .orElse(null);
    }
}
