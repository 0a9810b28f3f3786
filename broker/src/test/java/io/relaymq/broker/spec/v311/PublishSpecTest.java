package io.relaymq.broker.spec.v311;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.ReferenceCountUtil;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 3.1.1 chapter 3.3 (PUBLISH), 3.4-3.7 (acknowledgements) and 4.3/4.4/4.6 (QoS flows, ordering). */
class PublishSpecTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    private SpecClient connected(String id, boolean clean) {
        SpecClient c = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        c.connect(id, clean);
        return c;
    }

    // [MQTT-3.3.4-1] QoS 1 is answered with a PUBACK carrying the packet id ([MQTT-2.3.1-6])
    @Test
    void qos1IsAcknowledgedWithItsPacketId() {
        SpecClient c = connected("p1", true);
        c.publish("t", 1, 42, "x", false);
        List<MqttMessage> answer = c.receive();
        assertThat(answer).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBACK);
            assertThat(((MqttMessageIdVariableHeader) m.variableHeader()).messageId())
                    .isEqualTo(42);
        });
    }

    // [MQTT-4.3.3-2] PUBREC then PUBCOMP; a re-sent PUBLISH before PUBREL is not forwarded twice (§4.3.3 method B)
    @Test
    void qos2IsForwardedOnceEvenWhenThePublishIsResent() {
        SpecClient sub = connected("s2", true);
        sub.subscribe(1, "q2", 2);
        sub.receive();
        SpecClient pub = connected("p2", true);
        pub.publish("q2", 2, 7, "once", false);
        pub.publish("q2", 2, 7, "once", false);
        assertThat(pub.receive())
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.PUBREC, MqttMessageType.PUBREC);
        pub.ack(MqttMessageType.PUBREL, 7);
        assertThat(pub.receive())
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.PUBCOMP);
        assertThat(sub.publishes()).extracting(SpecClient.Received::payload).containsExactly("once");
        assertThat(broker.published).hasSize(1);
    }

    // [MQTT-4.6.0-2] PUBACKs go out in the order the PUBLISH packets arrived
    @Test
    void acknowledgementsKeepTheOrderOfPublishes() {
        SpecClient c = connected("p3", true);
        for (int id = 1; id <= 20; id++) {
            c.publish("order/" + (id % 3), 1, id, "m", false);
        }
        List<Integer> ids = c.receive().stream()
                .map(m -> ((MqttMessageIdVariableHeader) m.variableHeader()).messageId())
                .toList();
        assertThat(ids).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
    }

    // [MQTT-3.3.1-5] retained message stored; [MQTT-3.3.1-8] sent with RETAIN 1 to a new subscriber;
    // [MQTT-3.3.1-9] RETAIN 0 when forwarded to existing subscribers
    @Test
    void retainFlagRules() {
        SpecClient existing = connected("existing", true);
        existing.subscribe(1, "r/+", 1);
        existing.receive();
        SpecClient pub = connected("pub", true);
        pub.publish("r/1", 1, 1, "kept", true);
        assertThat(existing.publishes())
                .singleElement()
                .satisfies(r -> assertThat(r.retain()).isFalse());

        SpecClient late = connected("late", true);
        late.subscribe(1, "r/#", 1);
        assertThat(late.publishes()).singleElement().satisfies(r -> {
            assertThat(r.retain()).isTrue();
            assertThat(r.payload()).isEqualTo("kept");
        });
    }

    // [MQTT-3.3.1-10]/[MQTT-3.3.1-11] an empty retained payload removes the retained message
    @Test
    void emptyRetainedPayloadClearsTheTopic() {
        SpecClient pub = connected("pub", true);
        pub.publish("clear/me", 1, 1, "x", true);
        pub.publish("clear/me", 1, 2, "", true);
        SpecClient late = connected("late", true);
        late.subscribe(1, "clear/me", 1);
        assertThat(late.publishes()).isEmpty();
        assertThat(broker.retained.size()).isZero();
    }

    // [MQTT-3.3.5-1] delivered at the maximum QoS of the matching subscriptions, once per client
    @Test
    void overlappingSubscriptionsDeliverOnceAtTheHighestQos() {
        SpecClient sub = connected("overlap", true);
        sub.subscribe(1, "o/+", 0);
        sub.subscribe(2, "o/#", 2);
        sub.receive();
        connected("pub", true).publish("o/x", 2, 1, "m", false);
        assertThat(sub.publishes())
                .singleElement()
                .satisfies(r -> assertThat(r.qos()).isEqualTo(2));
    }

    // [MQTT-4.4.0-1] unacknowledged PUBLISH packets are re-sent with DUP 1 when the session resumes
    @Test
    void unacknowledgedMessagesAreResentWithDupAfterReconnect() {
        SpecClient sub = connected("resume", false);
        sub.subscribe(1, "d", 1);
        sub.receive();
        connected("pub", true).publish("d", 1, 1, "again", false);
        SpecClient.Received first = sub.publishes().get(0);
        assertThat(first.dup()).isFalse();
        sub.drop();

        SpecClient back = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        back.send(MqttMessageBuilders.connect()
                .clientId("resume")
                .protocolVersion(MqttVersion.MQTT_3_1_1)
                .cleanSession(false)
                .build());
        List<SpecClient.Received> resent = back.publishes();
        assertThat(resent).singleElement().satisfies(r -> {
            assertThat(r.dup()).isTrue();
            assertThat(r.packetId()).isEqualTo(first.packetId());
            assertThat(r.payload()).isEqualTo("again");
        });
    }

    // §4.3.2: once PUBACK arrives the message is no longer unacknowledged and is not sent again
    @Test
    void acknowledgedMessagesAreNotResent() {
        SpecClient sub = connected("acked", false);
        sub.subscribe(1, "e", 1);
        sub.receive();
        connected("pub", true).publish("e", 1, 1, "done", false);
        sub.ack(MqttMessageType.PUBACK, sub.publishes().get(0).packetId());
        sub.drop();
        SpecClient back = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        back.send(MqttMessageBuilders.connect()
                .clientId("acked")
                .protocolVersion(MqttVersion.MQTT_3_1_1)
                .cleanSession(false)
                .build());
        assertThat(back.publishes()).isEmpty();
    }

    // [MQTT-3.3.1-12] a PUBLISH with RETAIN 0 neither replaces nor removes the retained message
    @Test
    void aNonRetainedPublishLeavesTheRetainedMessage() {
        SpecClient pub = connected("pub", true);
        pub.publish("keep/me", 1, 1, "retained", true);
        pub.publish("keep/me", 1, 2, "passing", false);
        pub.publish("keep/me", 1, 3, "", false);

        SpecClient late = connected("late", true);
        late.subscribe(1, "keep/me", 1);
        assertThat(late.publishes())
                .singleElement()
                .satisfies(r -> assertThat(r.payload()).isEqualTo("retained"));
    }

    // [MQTT-3.3.1-7] a retained QoS 0 message replaces the one retained before it
    @Test
    void aRetainedQos0MessageReplacesThePreviousOne() {
        SpecClient pub = connected("ret0-pub", true);
        pub.publish("ret0/t", 1, 1, "old-qos1", true);
        pub.publish("ret0/t", 0, 0, "new-qos0", true);
        SpecClient late = connected("ret0-late", true);
        late.subscribe(1, "ret0/t", 1);
        assertThat(late.publishes()).singleElement().satisfies(r -> {
            assertThat(r.payload()).isEqualTo("new-qos0");
            assertThat(r.qos()).isZero();
            assertThat(r.retain()).isTrue();
        });
        assertThat(broker.retained.size()).isEqualTo(1);
    }

    // [MQTT-1.5.3-3] a BOM (EF BB BF) in a string is kept, not skipped or stripped
    @Test
    void byteOrderMarkIsKept() {
        String topic = "\uFEFFbom/t";
        SpecClient sub = connected("bom-sub", true);
        sub.subscribe(1, topic, 0);
        sub.receive();
        connected("bom-pub", true).publish(topic, 0, 0, "x", false);
        assertThat(sub.publishes()).extracting(SpecClient.Received::topic).containsExactly(topic);
        assertThat(broker.published).extracting(m -> m.topic()).containsExactly(topic);
        SpecClient other = connected("bom-other", true);
        other.subscribe(1, "bom/t", 0);
        other.receive();
        connected("bom-pub2", true).publish(topic, 0, 0, "y", false);
        assertThat(other.publishes()).isEmpty();
    }

    // [MQTT-3.10.4-3] QoS 1 and 2 deliveries started before UNSUBSCRIBE are completed
    @Test
    void deliveriesStartedBeforeUnsubscribeAreCompleted() {
        SpecClient sub = connected("unsub-flight", false);
        sub.subscribe(1, "flight/1", 1);
        sub.subscribe(2, "flight/2", 2);
        sub.receive();
        SpecClient pub = connected("unsub-flight-pub", true);
        pub.publish("flight/1", 1, 1, "q1", false);
        pub.publish("flight/2", 2, 2, "q2", false);
        List<SpecClient.Received> started = sub.publishes();
        assertThat(started).extracting(SpecClient.Received::payload).containsExactly("q1", "q2");
        sub.send(MqttMessageBuilders.unsubscribe()
                .messageId(3)
                .addTopicFilter("flight/1")
                .addTopicFilter("flight/2")
                .build());
        sub.receive();

        sub.ack(MqttMessageType.PUBREC, started.get(1).packetId());
        List<MqttMessage> pubrel = sub.receive();
        assertThat(pubrel).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBREL);
            assertThat(((MqttMessageIdVariableHeader) m.variableHeader()).messageId())
                    .isEqualTo(started.get(1).packetId());
        });

        sub.drop();
        SpecClient back = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        back.send(MqttMessageBuilders.connect()
                .clientId("unsub-flight")
                .protocolVersion(MqttVersion.MQTT_3_1_1)
                .cleanSession(false)
                .build());
        List<MqttMessage> resent = back.receive();
        assertThat(resent)
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.CONNACK, MqttMessageType.PUBLISH, MqttMessageType.PUBREL);
        ReferenceCountUtil.release(resent.get(1));
        assertThat(resent.get(1).fixedHeader().isDup()).isTrue();
        assertThat(((MqttPublishVariableHeader) resent.get(1).variableHeader()).packetId())
                .isEqualTo(started.get(0).packetId());
        assertThat(((MqttMessageIdVariableHeader) resent.get(2).variableHeader()).messageId())
                .isEqualTo(started.get(1).packetId());
    }
}
