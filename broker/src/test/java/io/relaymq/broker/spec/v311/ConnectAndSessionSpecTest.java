package io.relaymq.broker.spec.v311;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.handler.timeout.IdleStateHandler;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 3.1.1 chapter 3.1 (CONNECT), 3.2 (CONNACK), 3.12 (PINGREQ) and session state (4.1). */
class ConnectAndSessionSpecTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    private SpecClient client() {
        return new SpecClient(broker, MqttVersion.MQTT_3_1_1);
    }

    // [MQTT-3.2.2-1] clean session: Session Present 0; [MQTT-3.2.2-3] accepted with return code 0
    @Test
    void cleanSessionIsAcceptedWithoutSessionPresent() {
        MqttConnAckMessage connAck = client().connect("c1", true);
        assertThat(connAck.variableHeader().connectReturnCode()).isEqualTo(MqttConnectReturnCode.CONNECTION_ACCEPTED);
        assertThat(connAck.variableHeader().isSessionPresent()).isFalse();
    }

    // [MQTT-3.2.2-2] clean session 0 with a stored session: Session Present 1
    @Test
    void storedSessionIsResumedWithSessionPresent() {
        SpecClient first = client();
        first.connect("c2", false);
        first.subscribe(1, "a/b", 1);
        first.disconnect();
        SpecClient again = client();
        assertThat(again.connect("c2", false).variableHeader().isSessionPresent())
                .isTrue();
        assertThat(broker.trie.match("a/b")).hasSize(1);
    }

    // [MQTT-3.1.2-6] clean session 1 discards the previous session and its subscriptions
    @Test
    void cleanSessionDiscardsThePreviousSession() {
        SpecClient first = client();
        first.connect("c3", false);
        first.subscribe(1, "x/y", 1);
        first.disconnect();
        SpecClient again = client();
        assertThat(again.connect("c3", true).variableHeader().isSessionPresent())
                .isFalse();
        assertThat(broker.trie.match("x/y")).isEmpty();
    }

    // [MQTT-3.1.2-7]/[MQTT-4.1.0-1]: a clean session ends with its connection
    @Test
    void cleanSessionEndsWithTheConnection() {
        SpecClient c = client();
        c.connect("c4", true);
        c.subscribe(1, "gone/+", 0);
        c.drop();
        assertThat(broker.registry.get("c4")).isNull();
        assertThat(broker.trie.match("gone/1")).isEmpty();
    }

    // [MQTT-3.1.3-6] zero-byte client id with clean session: the server assigns one
    @Test
    void emptyClientIdWithCleanSessionIsAssignedAnId() {
        SpecClient c = client();
        assertThat(c.connect("", true).variableHeader().connectReturnCode())
                .isEqualTo(MqttConnectReturnCode.CONNECTION_ACCEPTED);
        assertThat(broker.registry.size()).isEqualTo(1);
        assertThat(broker.registry.all().iterator().next().clientId()).startsWith("relaymq-");
    }

    // [MQTT-3.1.4-2] a second connection with the same client id closes the first
    @Test
    void newConnectionWithTheSameIdTakesOver() {
        SpecClient first = client();
        first.connect("twin", false);
        SpecClient second = client();
        MqttConnAckMessage connAck = second.connect("twin", false);
        first.channel().runPendingTasks();
        assertThat(connAck.variableHeader().connectReturnCode()).isEqualTo(MqttConnectReturnCode.CONNECTION_ACCEPTED);
        assertThat(connAck.variableHeader().isSessionPresent()).isTrue();
        assertThat(first.isConnected()).isFalse();
        assertThat(second.isConnected()).isTrue();
    }

    // [MQTT-3.1.2-24] no packet within 1.5 x keep alive closes the connection
    @Test
    void keepAliveIsEnforcedAtOneAndAHalfTimesTheInterval() {
        SpecClient c = client();
        c.connect("ka", true);
        IdleStateHandler idle = (IdleStateHandler) c.channel().pipeline().get("idle");
        assertThat(idle.getReaderIdleTimeInMillis()).isEqualTo(90_000);
    }

    // [MQTT-3.12.4-1] PINGREQ is answered with PINGRESP
    @Test
    void pingIsAnswered() {
        SpecClient c = client();
        c.connect("pinger", true);
        c.send(MqttMessage.PINGREQ);
        List<MqttMessage> answer = c.receive();
        assertThat(answer).extracting(m -> m.fixedHeader().messageType()).containsExactly(MqttMessageType.PINGRESP);
    }

    // [MQTT-3.14.4-3] DISCONNECT discards the will; [MQTT-3.1.2-8] a lost connection publishes it
    @Test
    void willIsPublishedOnlyWhenTheConnectionIsLost() {
        SpecClient watcher = client();
        watcher.connect("watcher", true);
        watcher.subscribe(1, "status/#", 1);
        watcher.receive();

        SpecClient polite = client();
        polite.send(MqttMessageBuilders.connect()
                .clientId("polite")
                .protocolVersion(MqttVersion.MQTT_3_1_1)
                .cleanSession(true)
                .willFlag(true)
                .willTopic("status/polite")
                .willMessage("gone".getBytes())
                .willQoS(MqttQoS.AT_LEAST_ONCE)
                .build());
        polite.disconnect();
        SpecClient rude = client();
        rude.send(MqttMessageBuilders.connect()
                .clientId("rude")
                .protocolVersion(MqttVersion.MQTT_3_1_1)
                .cleanSession(true)
                .willFlag(true)
                .willTopic("status/rude")
                .willMessage("lost".getBytes())
                .willQoS(MqttQoS.AT_LEAST_ONCE)
                .build());
        rude.drop();

        assertThat(watcher.publishes()).extracting(SpecClient.Received::topic).containsExactly("status/rude");
    }

    // [MQTT-3.1.2-16] will retain 0 publishes the will not retained; [MQTT-3.1.2-17] will retain 1 retained
    @Test
    void willRetainDecidesWhetherTheWillIsRetained() {
        for (boolean retain : new boolean[] {false, true}) {
            SpecClient device = client();
            device.send(MqttMessageBuilders.connect()
                    .clientId("will-retain-" + retain)
                    .protocolVersion(MqttVersion.MQTT_3_1_1)
                    .cleanSession(true)
                    .willFlag(true)
                    .willTopic("wr/" + retain)
                    .willMessage("gone".getBytes())
                    .willRetain(retain)
                    .build());
            device.receive();
            device.drop();
        }

        SpecClient late = client();
        late.connect("will-retain-late", true);
        late.subscribe(1, "wr/#", 0);
        assertThat(late.publishes()).extracting(SpecClient.Received::topic).containsExactly("wr/true");
    }
}
