package io.relaymq.broker.spec.v5;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 5.0: message properties carried to subscribers, topic alias lifetime, CONNACK extras, flow control. */
class PropertyForwardingSpecTest {

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

    private static List<String> userProperties(MqttProperties props) {
        return props.getProperties(MqttProperties.USER_PROPERTY).stream()
                .map(p -> ((MqttProperties.UserProperty) p).value())
                .map(pair -> pair.key + "=" + pair.value)
                .toList();
    }

    private static MqttProperties messageProperties() {
        MqttProperties p = new MqttProperties();
        p.add(new MqttProperties.IntegerProperty(MqttProperties.PAYLOAD_FORMAT_INDICATOR, 1));
        p.add(new MqttProperties.StringProperty(MqttProperties.RESPONSE_TOPIC, "replies/for/me"));
        p.add(new MqttProperties.BinaryProperty(MqttProperties.CORRELATION_DATA, new byte[] {0, (byte) 0xFF, 7, 42}));
        p.add(new MqttProperties.StringProperty(MqttProperties.CONTENT_TYPE, "application/json; charset=utf-8"));
        p.add(new MqttProperties.UserProperty("z", "1"));
        p.add(new MqttProperties.UserProperty("a", "2"));
        p.add(new MqttProperties.UserProperty("z", "3"));
        p.add(new MqttProperties.UserProperty("m", ""));
        return p;
    }

    // [MQTT-3.3.2-4] Payload Format Indicator, [MQTT-3.3.2-15] Response Topic, [MQTT-3.3.2-16] Correlation Data,
    // [MQTT-3.3.2-17] User Properties, [MQTT-3.3.2-18] their order, [MQTT-3.3.2-20] Content Type: all reach the
    // subscriber unaltered
    @Test
    void messagePropertiesAreForwardedUnaltered() {
        SpecClient sub = connected("fwd-sub");
        sub.subscribe(1, "fwd/#", 1);
        sub.receive();
        connected("fwd-pub").publish("fwd/x", 1, 1, "{}", messageProperties());

        List<SpecClient.Received> got = sub.publishes();
        assertThat(got).singleElement().satisfies(r -> {
            MqttProperties p = r.properties();
            assertThat(MqttProps.integer(p, MqttProperties.PAYLOAD_FORMAT_INDICATOR))
                    .isEqualTo(1);
            assertThat(MqttProps.string(p, MqttProperties.RESPONSE_TOPIC)).isEqualTo("replies/for/me");
            assertThat((byte[]) p.getProperty(MqttProperties.CORRELATION_DATA).value())
                    .containsExactly(0, (byte) 0xFF, 7, 42);
            assertThat(MqttProps.string(p, MqttProperties.CONTENT_TYPE)).isEqualTo("application/json; charset=utf-8");
            assertThat(userProperties(p)).containsExactly("z=1", "a=2", "z=3", "m=");
        });
    }

    // [MQTT-3.3.2-4] and [MQTT-3.3.2-15..20] hold for a retained message too
    @Test
    void retainedMessagesKeepTheirProperties() {
        SpecClient pub = connected("fwd-ret-pub");
        pub.send(MqttMessageBuilders.publish()
                .topicName("fwd/ret")
                .qos(MqttQoS.AT_LEAST_ONCE)
                .retained(true)
                .messageId(1)
                .properties(messageProperties())
                .payload(Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8))
                .build());
        SpecClient late = connected("fwd-ret-sub");
        late.subscribe(1, "fwd/ret", 1);
        assertThat(late.publishes()).singleElement().satisfies(r -> {
            assertThat(MqttProps.string(r.properties(), MqttProperties.RESPONSE_TOPIC))
                    .isEqualTo("replies/for/me");
            assertThat(MqttProps.string(r.properties(), MqttProperties.CONTENT_TYPE))
                    .isEqualTo("application/json; charset=utf-8");
            assertThat(userProperties(r.properties())).containsExactly("z=1", "a=2", "z=3", "m=");
        });
    }

    // [MQTT-3.3.2-7] a topic alias set on one connection means nothing on the next one
    @Test
    void topicAliasesDoNotOutliveTheConnection() {
        SpecClient sub = connected("alias-life-sub");
        sub.subscribe(1, "alias/life", 0);
        sub.receive();
        MqttProperties alias = new MqttProperties();
        alias.add(new MqttProperties.IntegerProperty(MqttProperties.TOPIC_ALIAS, 4));
        SpecClient first = connected("alias-life-pub");
        first.publish("alias/life", 0, 0, "set", alias);
        first.disconnect();
        assertThat(first.isConnected()).isFalse();

        SpecClient second = connected("alias-life-pub");
        second.receive();
        second.publish("", 0, 0, "stale", alias);

        List<MqttMessage> answer = second.receive();
        assertThat(answer).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.DISCONNECT);
            assertThat(((MqttReasonCodeAndPropertiesVariableHeader) m.variableHeader()).reasonCode())
                    .isEqualTo((byte) 0x82);
        });
        assertThat(second.isConnected()).isFalse();
        assertThat(sub.publishes()).extracting(SpecClient.Received::payload).containsExactly("set");
    }

    // [MQTT-3.1.2-27] a client that sent no Topic Alias Maximum (0) never gets a Topic Alias
    @Test
    void noTopicAliasWhenTheClientAllowsNone() {
        SpecClient sub = connected("no-alias-sub");
        sub.subscribe(1, "no/alias/topic", 0);
        sub.receive();
        SpecClient pub = connected("no-alias-pub");
        for (int i = 0; i < 3; i++) {
            pub.publish("no/alias/topic", 0, 0, "m" + i, false);
        }
        List<SpecClient.Received> got = sub.publishes();
        assertThat(got)
                .extracting(SpecClient.Received::topic)
                .containsExactly("no/alias/topic", "no/alias/topic", "no/alias/topic");
        assertThat(got)
                .allSatisfy(r -> assertThat(r.properties().getProperty(MqttProperties.TOPIC_ALIAS))
                        .isNull());
    }

    // [MQTT-3.1.2-28] without Request Response Information (or with 0) CONNACK has no Response Information
    @Test
    void noResponseInformationUnlessAsked() {
        MqttProperties zero = new MqttProperties();
        zero.add(new MqttProperties.IntegerProperty(MqttProperties.REQUEST_RESPONSE_INFORMATION, 0));
        MqttProperties asked = new MqttProperties();
        asked.add(new MqttProperties.IntegerProperty(MqttProperties.REQUEST_RESPONSE_INFORMATION, 1));

        assertThat(client().connect("rri-absent", true)
                        .variableHeader()
                        .properties()
                        .getProperty(MqttProperties.RESPONSE_INFORMATION))
                .isNull();
        assertThat(client().connect("rri-0", true, zero)
                        .variableHeader()
                        .properties()
                        .getProperty(MqttProperties.RESPONSE_INFORMATION))
                .isNull();
        assertThat(MqttProps.string(
                        client().connect("rri-1", true, asked).variableHeader().properties(),
                        MqttProperties.RESPONSE_INFORMATION))
                .isNotEmpty();
    }

    // [MQTT-3.3.4-7] one QoS 2 PUBLISH beyond the server's Receive Maximum (20) gets DISCONNECT 0x93
    @Test
    void exceedingTheServersReceiveMaximumDisconnects() {
        SpecClient pub = connected("greedy");
        pub.receive();
        for (int id = 1; id <= 20; id++) {
            pub.publish("greedy/t", 2, id, "m" + id, false);
        }
        assertThat(pub.receive())
                .hasSize(20)
                .allSatisfy(m -> assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBREC));
        assertThat(pub.isConnected()).isTrue();

        pub.publish("greedy/t", 2, 21, "m21", false);
        List<MqttMessage> answer = pub.receive();
        assertThat(answer).singleElement().satisfies(m -> {
            assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.DISCONNECT);
            assertThat(((MqttReasonCodeAndPropertiesVariableHeader) m.variableHeader()).reasonCode())
                    .isEqualTo((byte) 0x93);
        });
        assertThat(pub.isConnected()).isFalse();
        assertThat(broker.published).hasSize(20);
    }

    // [MQTT-3.3.4-7] a QoS 2 message counts once against the Receive Maximum (20) while Kafka has not yet
    // acknowledged it, although it then both waits for its PUBREC and has its packet id awaiting PUBREL
    @Test
    void qos2MessagesWaitingForKafkaCountOnce() {
        SpecClient pub = connected("patient");
        pub.receive();
        broker.holdAcknowledgements = true;
        for (int id = 1; id <= 20; id++) {
            pub.publish("patient/t", 2, id, "m" + id, false);
        }
        assertThat(pub.receive()).isEmpty();
        assertThat(pub.isConnected()).isTrue();

        broker.acknowledgeHeld();
        assertThat(pub.receive())
                .hasSize(20)
                .allSatisfy(m -> assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.PUBREC));
        pub.publish("patient/t", 2, 21, "m21", false);
        assertThat(pub.receive())
                .singleElement()
                .satisfies(m -> assertThat(m.fixedHeader().messageType()).isEqualTo(MqttMessageType.DISCONNECT));
        assertThat(pub.isConnected()).isFalse();
    }

    // [MQTT-1.5.4-3] a BOM at the start of a topic is kept, not stripped
    @Test
    void byteOrderMarkIsKept() {
        String topic = "\uFEFFbom/t";
        SpecClient sub = connected("bom5-sub");
        sub.subscribe(1, topic, 0);
        sub.receive();
        connected("bom5-pub").publish(topic, 0, 0, "x", false);
        assertThat(sub.publishes()).extracting(SpecClient.Received::topic).containsExactly(topic);
        assertThat(broker.published).extracting(m -> m.topic()).containsExactly(topic);
    }

    // [MQTT-3.1.3-10] the will message keeps the order of its User Properties
    @Test
    void willKeepsTheOrderOfItsUserProperties() {
        SpecClient watcher = connected("will-up-watch");
        watcher.subscribe(1, "will-up/#", 0);
        watcher.receive();
        MqttProperties willProps = new MqttProperties();
        willProps.add(new MqttProperties.UserProperty("k", "first"));
        willProps.add(new MqttProperties.UserProperty("b", "second"));
        willProps.add(new MqttProperties.UserProperty("k", "third"));
        SpecClient device = client();
        device.send(MqttMessageBuilders.connect()
                .clientId("will-up-dev")
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(true)
                .willFlag(true)
                .willTopic("will-up/dev")
                .willMessage("gone".getBytes())
                .willProperties(willProps)
                .properties(MqttProperties.NO_PROPERTIES)
                .build());
        device.receive();
        device.drop();

        assertThat(watcher.publishes()).singleElement().satisfies(r -> {
            assertThat(r.payload()).isEqualTo("gone");
            assertThat(userProperties(r.properties())).containsExactly("k=first", "b=second", "k=third");
        });
    }
}
