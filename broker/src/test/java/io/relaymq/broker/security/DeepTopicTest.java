package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.ReferenceCountUtil;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 1 of issue 18, at the listener: topics and filters deeper than MQTT_MAX_TOPIC_LEVELS (128 here,
 * the default) are refused with a reason code before they reach the subscription trie or Kafka. Before the
 * limit, a 32,000-level topic went all the way to the routing thread.
 */
class DeepTopicTest {

    private static final String DEEPEST_ALLOWED = "a/".repeat(127) + "b";
    private static final String TOO_DEEP = "a/".repeat(128) + "b";

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void close() {
        broker.close();
    }

    private SpecClient connected(String id, MqttVersion version) {
        SpecClient client = new SpecClient(broker, version);
        assertThat(client.connect(id, true).variableHeader().connectReturnCode().byteValue())
                .isZero();
        return client;
    }

    private static byte pubAckReason(List<MqttMessage> packets, MqttMessageType type) {
        MqttMessage ack = packets.stream()
                .filter(m -> m.fixedHeader().messageType() == type)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + type));
        return ((MqttPubReplyMessageVariableHeader) ack.variableHeader()).reasonCode();
    }

    private static int[] subAckCodes(List<MqttMessage> packets) {
        MqttSubAckMessage ack = (MqttSubAckMessage) packets.stream()
                .filter(m -> m.fixedHeader().messageType() == MqttMessageType.SUBACK)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no SUBACK"));
        int[] codes =
                ack.payload().reasonCodes().stream().mapToInt(Integer::intValue).toArray();
        packets.forEach(ReferenceCountUtil::release);
        return codes;
    }

    @Test
    void aTooDeepPublishIsRefusedWithTopicNameInvalidAndTheConnectionStays() {
        SpecClient client = connected("deep-pub", MqttVersion.MQTT_5);
        client.publish(TOO_DEEP, 1, 1, "x", false);
        assertThat(pubAckReason(client.receive(), MqttMessageType.PUBACK)).isEqualTo((byte) 0x90);
        client.publish(TOO_DEEP, 2, 2, "x", false);
        assertThat(pubAckReason(client.receive(), MqttMessageType.PUBREC)).isEqualTo((byte) 0x90);
        client.publish(TOO_DEEP, 0, 0, "x", false);
        client.publish(DEEPEST_ALLOWED, 1, 3, "kept", false);
        assertThat(pubAckReason(client.receive(), MqttMessageType.PUBACK)).isZero();

        assertThat(client.isConnected()).isTrue();
        assertThat(broker.published)
                .extracting(m -> new String(m.payload(), StandardCharsets.UTF_8))
                .containsExactly("kept");
    }

    @Test
    void aTooDeepPublishDisconnectsAn311Client() {
        SpecClient client = connected("deep-pub-311", MqttVersion.MQTT_3_1_1);
        client.publish(TOO_DEEP, 1, 1, "x", false);
        client.receive();
        assertThat(client.isConnected()).isFalse();
        assertThat(broker.published).isEmpty();
    }

    @Test
    void aTooDeepFilterGetsTopicFilterInvalidAndNeverReachesTheTrie() {
        SpecClient client = connected("deep-sub", MqttVersion.MQTT_5);
        client.send(MqttMessageBuilders.subscribe()
                .messageId(1)
                .addSubscription(MqttQoS.AT_LEAST_ONCE, TOO_DEEP)
                .addSubscription(MqttQoS.AT_LEAST_ONCE, "a/".repeat(127) + "#")
                .build());
        assertThat(subAckCodes(client.receive())).containsExactly(0x8F, 1);
        assertThat(broker.trie.size()).isEqualTo(1);
        assertThat(broker.trie.match(TOO_DEEP)).hasSize(1);
    }

    @Test
    void aTooDeepFilterFailsFor311() {
        SpecClient client = connected("deep-sub-311", MqttVersion.MQTT_3_1_1);
        client.subscribe(1, TOO_DEEP, 1);
        assertThat(subAckCodes(client.receive())).containsExactly(0x80);
        assertThat(broker.trie.size()).isZero();
    }

    @Test
    void aTooDeepWillTopicIsRefusedAtConnect() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_5);
        client.send(MqttMessageBuilders.connect()
                .clientId("deep-will")
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(true)
                .willFlag(true)
                .willTopic(TOO_DEEP)
                .willMessage(new byte[] {1})
                .willQoS(MqttQoS.AT_MOST_ONCE)
                .build());
        MqttConnAckMessage connAck = (MqttConnAckMessage) client.receive().stream()
                .filter(m -> m.fixedHeader().messageType() == MqttMessageType.CONNACK)
                .findFirst()
                .orElseThrow();
        assertThat(connAck.variableHeader().connectReturnCode().byteValue()).isEqualTo((byte) 0x90);
        assertThat(broker.registry.get("deep-will")).isNull();
    }
}
