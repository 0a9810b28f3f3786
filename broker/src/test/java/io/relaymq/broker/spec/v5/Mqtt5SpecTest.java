package io.relaymq.broker.spec.v5;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttSubscriptionOption;
import io.netty.handler.codec.mqtt.MqttUnsubAckMessage;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 5.0 behaviour beyond 3.1.1: CONNACK properties, aliases, flow control, expiry, subscription options. */
class Mqtt5SpecTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    private SpecClient client() {
        return new SpecClient(broker, MqttVersion.MQTT_5);
    }

    private SpecClient connected(String id) {
        SpecClient c = client();
        c.connect(id, true);
        return c;
    }

    private static MqttProperties props(MqttProperties.MqttProperty<?>... items) {
        MqttProperties p = new MqttProperties();
        for (MqttProperties.MqttProperty<?> item : items) {
            p.add(item);
        }
        return p;
    }

    private static MqttProperties.IntegerProperty intProp(int id, int value) {
        return new MqttProperties.IntegerProperty(id, value);
    }

    /** Subscribes and returns the PUBLISH packets (retained messages) that followed the SUBACK. */
    private List<SpecClient.Received> subscribe(
            SpecClient c,
            String filter,
            int qos,
            boolean noLocal,
            boolean rap,
            int retainHandling,
            Integer subscriptionId) {
        MqttSubscriptionOption option = new MqttSubscriptionOption(
                MqttQoS.valueOf(qos),
                noLocal,
                rap,
                MqttSubscriptionOption.RetainedHandlingPolicy.valueOf(retainHandling));
        c.send(MqttMessageBuilders.subscribe()
                .messageId(1)
                .addSubscription(filter, option)
                .properties(
                        subscriptionId == null
                                ? MqttProperties.NO_PROPERTIES
                                : props(intProp(MqttProperties.SUBSCRIPTION_IDENTIFIER, subscriptionId)))
                .build());
        return c.publishes();
    }

    // [MQTT-3.2.2-16] an assigned client identifier is returned in CONNACK
    @Test
    void assignedClientIdIsReturned() {
        MqttConnAckMessage connAck = client().connect("", true);
        String assigned =
                MqttProps.string(connAck.variableHeader().properties(), MqttProperties.ASSIGNED_CLIENT_IDENTIFIER);
        assertThat(assigned).startsWith("relaymq-");
        assertThat(broker.registry.get(assigned)).isNotNull();
    }

    // §3.2.2.3: the server tells its limits and which features it supports
    @Test
    void connAckCarriesLimitsAndAvailability() {
        MqttProperties p = client().connect("limits", true).variableHeader().properties();
        assertThat(MqttProps.integer(p, MqttProperties.RECEIVE_MAXIMUM)).isEqualTo(20);
        assertThat(MqttProps.unsigned(p, MqttProperties.MAXIMUM_PACKET_SIZE)).isEqualTo(EmbeddedBroker.MAX_PACKET_SIZE);
        assertThat(MqttProps.integer(p, MqttProperties.TOPIC_ALIAS_MAXIMUM)).isEqualTo(10);
        assertThat(MqttProps.integer(p, MqttProperties.SHARED_SUBSCRIPTION_AVAILABLE))
                .isEqualTo(1);
    }

    // §3.2.2.3.2: a Session Expiry Interval above the maximum is reported back as the one granted
    @Test
    void cappedSessionExpiryIsReported() {
        MqttConnAckMessage connAck = client().connect(
                        "long", true, props(intProp(MqttProperties.SESSION_EXPIRY_INTERVAL, Integer.MAX_VALUE)));
        assertThat(MqttProps.unsigned(connAck.variableHeader().properties(), MqttProperties.SESSION_EXPIRY_INTERVAL))
                .isEqualTo(7L * 24 * 3600);
    }

    // [MQTT-3.1.4-3] the old connection of a taken-over session gets DISCONNECT 0x8E
    @Test
    void takenOverConnectionIsToldWhy() {
        SpecClient first = connected("taken");
        first.receive();
        connected("taken");
        first.channel().runPendingTasks();
        List<MqttMessage> told = first.receive();
        assertThat(told).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.DISCONNECT);
            assertThat(((MqttReasonCodeAndPropertiesVariableHeader) m.variableHeader()).reasonCode())
                    .isEqualTo((byte) 0x8E);
        });
        assertThat(first.isConnected()).isFalse();
    }

    // [MQTT-3.3.2-12] a topic alias set by the client maps later empty-topic PUBLISH packets
    @Test
    void inboundTopicAliasesAreResolved() {
        SpecClient sub = connected("alias-sub");
        sub.subscribe(1, "long/topic/name", 0);
        sub.receive();
        SpecClient pub = connected("alias-pub");
        pub.publish("long/topic/name", 0, 0, "first", props(intProp(MqttProperties.TOPIC_ALIAS, 3)));
        pub.publish("", 0, 0, "second", props(intProp(MqttProperties.TOPIC_ALIAS, 3)));
        assertThat(sub.publishes()).extracting(SpecClient.Received::payload).containsExactly("first", "second");
        assertThat(broker.published).extracting(m -> m.topic()).containsOnly("long/topic/name");
    }

    // [MQTT-3.3.4-9] no more unacknowledged QoS 1/2 messages than the client's Receive Maximum
    @Test
    void clientReceiveMaximumBoundsMessagesInFlight() {
        SpecClient sub = client();
        sub.connect("slow", true, props(intProp(MqttProperties.RECEIVE_MAXIMUM, 2)));
        sub.subscribe(1, "flow", 1);
        sub.receive();
        SpecClient pub = connected("fast");
        for (int i = 1; i <= 5; i++) {
            pub.publish("flow", 1, i, "m" + i, false);
        }
        List<SpecClient.Received> window = sub.publishes();
        assertThat(window).extracting(SpecClient.Received::payload).containsExactly("m1", "m2");
        sub.ack(MqttMessageType.PUBACK, window.get(0).packetId());
        assertThat(sub.publishes()).extracting(SpecClient.Received::payload).containsExactly("m3");
    }

    // [MQTT-3.3.2-5] an expired message is not delivered; [MQTT-3.3.2-6] the interval sent is what is left
    @Test
    void messageExpiryIsHonoured() {
        SpecClient sub = client();
        sub.connect("expiry", true, props(intProp(MqttProperties.RECEIVE_MAXIMUM, 1)));
        sub.subscribe(1, "exp", 1);
        sub.receive();
        SpecClient pub = connected("exp-pub");
        pub.publish("exp", 1, 1, "blocker", false);
        pub.publish("exp", 1, 2, "short", props(intProp(MqttProperties.PUBLICATION_EXPIRY_INTERVAL, 3600)));
        List<SpecClient.Received> first = sub.publishes();
        assertThat(first).extracting(SpecClient.Received::payload).containsExactly("blocker");
        sub.ack(MqttMessageType.PUBACK, first.get(0).packetId());
        SpecClient.Received next = sub.publishes().get(0);
        assertThat(MqttProps.unsigned(next.properties(), MqttProperties.PUBLICATION_EXPIRY_INTERVAL))
                .isBetween(3599L, 3600L);
    }

    // [MQTT-3.8.3-3] No Local: the client does not get its own messages
    @Test
    void noLocalSkipsThePublisher() {
        SpecClient c = connected("echo");
        subscribe(c, "chat", 0, true, false, 0, null);
        c.publish("chat", 0, 0, "me", false);
        assertThat(c.publishes()).isEmpty();
    }

    // [MQTT-3.3.1-12] Retain As Published 0 clears RETAIN; [MQTT-3.3.1-13] 1 keeps it
    @Test
    void retainAsPublishedKeepsTheFlag() {
        SpecClient keep = connected("rap1");
        subscribe(keep, "rap", 0, false, true, 2, null);
        SpecClient clear = connected("rap0");
        subscribe(clear, "rap", 0, false, false, 2, null);
        connected("rap-pub").publish("rap", 0, 0, "x", true);
        assertThat(keep.publishes())
                .singleElement()
                .satisfies(r -> assertThat(r.retain()).isTrue());
        assertThat(clear.publishes())
                .singleElement()
                .satisfies(r -> assertThat(r.retain()).isFalse());
    }

    // [MQTT-3.3.1-9..11] Retain Handling 0: always, 1: only for a new subscription, 2: never
    @Test
    void retainHandlingOptions() {
        connected("rh-pub").publish("rh/t", 1, 1, "kept", true);
        SpecClient c = connected("rh");
        assertThat(subscribe(c, "rh/#", 1, false, false, 2, null)).isEmpty();
        SpecClient d = connected("rh-new");
        List<SpecClient.Received> first = subscribe(d, "rh/#", 1, false, false, 1, null);
        assertThat(first).extracting(SpecClient.Received::payload).containsExactly("kept");
        d.ack(MqttMessageType.PUBACK, first.get(0).packetId());
        assertThat(subscribe(d, "rh/#", 1, false, false, 1, null)).isEmpty();
        assertThat(subscribe(d, "rh/#", 1, false, false, 0, null))
                .extracting(SpecClient.Received::payload)
                .containsExactly("kept");
    }

    // [MQTT-3.3.4-3] every matching subscription's identifier is sent with the single delivery
    @Test
    void subscriptionIdentifiersOfAllMatchingSubscriptions() {
        SpecClient c = connected("ids");
        subscribe(c, "ids/+", 1, false, false, 0, 5);
        subscribe(c, "ids/#", 0, false, false, 0, 9);
        connected("ids-pub").publish("ids/x", 1, 1, "m", false);
        SpecClient.Received r = c.publishes().get(0);
        assertThat(r.properties().getProperties(MqttProperties.SUBSCRIPTION_IDENTIFIER))
                .extracting(p -> (Integer) p.value())
                .containsExactlyInAnyOrder(5, 9);
        assertThat(r.qos()).isEqualTo(1);
    }

    // [MQTT-3.1.2-25] a message bigger than the client's Maximum Packet Size is discarded, not sent
    @Test
    void messagesLargerThanTheClientAllowsAreDiscarded() {
        SpecClient c = client();
        c.connect("small", true, props(intProp(MqttProperties.MAXIMUM_PACKET_SIZE, 64)));
        c.subscribe(1, "big/#", 0);
        c.receive();
        SpecClient pub = connected("big-pub");
        pub.publish("big/1", 0, 0, "x".repeat(200), false);
        pub.publish("big/2", 0, 0, "ok", false);
        assertThat(c.publishes()).extracting(SpecClient.Received::payload).containsExactly("ok");
    }

    // §3.11.2.1.3: UNSUBACK 0x11 when no subscription existed
    @Test
    void unsubAckReasonCodes() {
        SpecClient c = connected("unsub5");
        c.subscribe(1, "have", 0);
        c.receive();
        c.send(MqttMessageBuilders.unsubscribe()
                .messageId(4)
                .addTopicFilter("have")
                .addTopicFilter("never")
                .build());
        MqttUnsubAckMessage unsubAck = (MqttUnsubAckMessage) c.receive().get(0);
        assertThat(unsubAck.payload().unsubscribeReasonCodes()).containsExactly((short) 0, (short) 0x11);
    }

    // §3.7.2.1: PUBREL for an unknown packet id is answered with PUBCOMP 0x92
    @Test
    void pubrelForAnUnknownIdIsReported() {
        SpecClient c = connected("rel");
        c.receive();
        c.ack(MqttMessageType.PUBREL, 77);
        MqttMessage pubcomp = c.receive().get(0);
        assertThat(pubcomp.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBCOMP);
        assertThat(((MqttPubReplyMessageVariableHeader) pubcomp.variableHeader()).reasonCode())
                .isEqualTo((byte) 0x92);
    }

    // [MQTT-3.1.3-9] the will waits for its delay and is cancelled by a reconnect within it
    @Test
    void willDelayIsCancelledByAReconnect() {
        SpecClient watcher = connected("will-watch");
        watcher.subscribe(1, "wd/#", 0);
        watcher.receive();
        SpecClient device = client();
        device.send(MqttMessageBuilders.connect()
                .clientId("wd-dev")
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(true)
                .willFlag(true)
                .willTopic("wd/dev")
                .willMessage("bye".getBytes())
                .willProperties(props(intProp(MqttProperties.WILL_DELAY_INTERVAL, 30)))
                .properties(props(intProp(MqttProperties.SESSION_EXPIRY_INTERVAL, 60)))
                .build());
        device.receive();
        device.drop();
        assertThat(watcher.publishes()).isEmpty();
        SpecClient back = client();
        back.connect("wd-dev", false, props(intProp(MqttProperties.SESSION_EXPIRY_INTERVAL, 60)));
        back.channel().runScheduledPendingTasks();
        assertThat(watcher.publishes()).isEmpty();
    }

    // §3.14.2.1: DISCONNECT 0x04 (Disconnect with Will Message) publishes the will; 0x00 discards it
    // ([MQTT-3.1.2-10])
    @Test
    void disconnectWithWillMessagePublishesTheWill() {
        SpecClient watcher = connected("will-0x04-watch");
        watcher.subscribe(1, "w4/#", 0);
        watcher.receive();
        for (int reason : new int[] {0x04, 0x00}) {
            SpecClient device = client();
            device.send(MqttMessageBuilders.connect()
                    .clientId("w4-dev-" + reason)
                    .protocolVersion(MqttVersion.MQTT_5)
                    .cleanSession(true)
                    .willFlag(true)
                    .willTopic("w4/dev")
                    .willMessage(("will-" + reason).getBytes())
                    .properties(MqttProperties.NO_PROPERTIES)
                    .build());
            device.receive();
            device.send(MqttMessageBuilders.disconnect()
                    .reasonCode((byte) reason)
                    .properties(MqttProperties.NO_PROPERTIES)
                    .build());
            assertThat(device.isConnected()).isFalse();
        }

        assertThat(watcher.publishes()).extracting(SpecClient.Received::payload).containsExactly("will-4");
    }

    // [MQTT-3.10.4-3] a QoS 2 delivery started before UNSUBSCRIBE is completed: PUBREC still gets PUBREL
    @Test
    void deliveriesStartedBeforeUnsubscribeAreCompleted() {
        SpecClient sub = connected("unsub5-flight");
        sub.subscribe(1, "flight5", 2);
        sub.receive();
        connected("unsub5-pub").publish("flight5", 2, 1, "q2", false);
        List<SpecClient.Received> started = sub.publishes();
        assertThat(started).extracting(SpecClient.Received::payload).containsExactly("q2");
        sub.send(MqttMessageBuilders.unsubscribe()
                .messageId(2)
                .addTopicFilter("flight5")
                .build());
        assertThat(sub.receive()).singleElement().isInstanceOf(MqttUnsubAckMessage.class);

        sub.ack(MqttMessageType.PUBREC, started.get(0).packetId());
        assertThat(sub.receive()).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBREL);
            assertThat(((MqttPubReplyMessageVariableHeader) m.variableHeader()).messageId())
                    .isEqualTo(started.get(0).packetId());
            assertThat(((MqttPubReplyMessageVariableHeader) m.variableHeader()).reasonCode())
                    .isZero();
        });
    }

    // [MQTT-3.3.4-10] with the client's Receive Maximum used up, SUBACK and PINGRESP still go out
    @Test
    void otherPacketsAreNotHeldBackByAFullWindow() {
        SpecClient sub = client();
        sub.connect("full-window", true, props(intProp(MqttProperties.RECEIVE_MAXIMUM, 1)));
        sub.subscribe(1, "window", 1);
        sub.receive();
        SpecClient pub = connected("full-window-pub");
        pub.publish("window", 1, 1, "m1", false);
        pub.publish("window", 1, 2, "m2", false);
        assertThat(sub.publishes()).extracting(SpecClient.Received::payload).containsExactly("m1");

        sub.send(new MqttMessage(new MqttFixedHeader(MqttMessageType.PINGREQ, false, MqttQoS.AT_MOST_ONCE, false, 0)));
        sub.subscribe(7, "other", 1);
        List<MqttMessage> answers = sub.receive();
        assertThat(answers)
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.PINGRESP, MqttMessageType.SUBACK);
    }
}
