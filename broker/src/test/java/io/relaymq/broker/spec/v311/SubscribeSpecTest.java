package io.relaymq.broker.spec.v311;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttUnsubAckMessage;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 3.1.1 chapters 3.8-3.11 (SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK) and 4.7 (topic names and filters). */
class SubscribeSpecTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    private final SpecClient client = new SpecClient(broker, MqttVersion.MQTT_3_1_1);

    SubscribeSpecTest() {
        client.connect("subscriber", true);
    }

    // [MQTT-3.8.4-2] SUBACK carries the SUBSCRIBE's packet id; [MQTT-3.8.4-5] one return code per filter;
    // [MQTT-3.9.3-1] in order
    @Test
    void subAckHasOneCodePerFilterInOrder() {
        client.send(MqttMessageBuilders.subscribe()
                .messageId(33)
                .addSubscription(MqttQoS.AT_MOST_ONCE, "a/+")
                .addSubscription(MqttQoS.EXACTLY_ONCE, "a/b")
                .addSubscription(MqttQoS.AT_LEAST_ONCE, "c/#")
                .build());
        List<MqttMessage> answer = client.receive();
        assertThat(answer).singleElement().isInstanceOf(MqttSubAckMessage.class);
        MqttSubAckMessage subAck = (MqttSubAckMessage) answer.get(0);
        assertThat(subAck.variableHeader().messageId()).isEqualTo(33);
        assertThat(subAck.payload().reasonCodes()).containsExactly(0, 2, 1);
    }

    // [MQTT-4.7.1-2] '#' last; [MQTT-4.8.0-1] a malformed filter closes the connection, and nothing of the
    // SUBSCRIBE is applied, not even its valid filters
    @Test
    void aMalformedFilterClosesTheConnectionAndAppliesNothing() {
        client.send(MqttMessageBuilders.subscribe()
                .messageId(34)
                .addSubscription(MqttQoS.AT_MOST_ONCE, "valid/first")
                .addSubscription(MqttQoS.AT_MOST_ONCE, "a/#/b")
                .build());

        assertThat(client.receive()).isEmpty();
        assertThat(client.isConnected()).isFalse();
        assertThat(broker.trie.match("valid/first")).isEmpty();
    }

    // [MQTT-1.5.3-1] U+FFFD sent as well-formed UTF-8 is a character like any other (only ill-formed UTF-8 is refused)
    @Test
    void aWellFormedReplacementCharacterIsAnOrdinaryCharacter() {
        client.subscribe(1, "odd/\uFFFD", 0);
        client.receive();
        client.publish("odd/\uFFFD", 0, 0, "delivered", false);

        assertThat(client.publishes())
                .singleElement()
                .satisfies(p -> assertThat(p.payload()).isEqualTo("delivered"));
    }

    // [MQTT-3.8.4-3] a subscription to an existing filter replaces it (new QoS), keeping one entry
    @Test
    void resubscribingReplacesTheSubscription() {
        client.subscribe(1, "dup/filter", 0);
        client.subscribe(2, "dup/filter", 2);
        client.receive();
        assertThat(broker.trie.match("dup/filter"))
                .singleElement()
                .satisfies(s -> assertThat(s.options().qos()).isEqualTo(2));
    }

    // [MQTT-3.10.4-4] UNSUBACK with the packet id; [MQTT-3.10.4-5] even when nothing was subscribed
    @Test
    void unsubAckIsSentEvenForUnknownFilters() {
        client.subscribe(1, "u/1", 1);
        client.receive();
        client.send(MqttMessageBuilders.unsubscribe()
                .messageId(9)
                .addTopicFilter("u/1")
                .addTopicFilter("never")
                .build());
        List<MqttMessage> answer = client.receive();
        assertThat(answer).singleElement().isInstanceOf(MqttUnsubAckMessage.class);
        assertThat(((MqttUnsubAckMessage) answer.get(0)).variableHeader().messageId())
                .isEqualTo(9);
        assertThat(broker.trie.match("u/1")).isEmpty();
    }

    // [MQTT-3.10.4-2] after UNSUBSCRIBE no new messages for that filter are sent
    @Test
    void noDeliveriesAfterUnsubscribe() {
        client.subscribe(1, "stop/+", 1);
        client.send(MqttMessageBuilders.unsubscribe()
                .messageId(2)
                .addTopicFilter("stop/+")
                .build());
        client.receive();
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        pub.connect("pub", true);
        pub.publish("stop/1", 1, 1, "late", false);
        assertThat(client.publishes()).isEmpty();
    }

    // [MQTT-4.7.2-1] '#' and '+' at the first level do not match topics starting with '$'
    @Test
    void wildcardsDoNotMatchDollarTopics() {
        client.subscribe(1, "#", 0);
        client.subscribe(2, "+/info", 0);
        client.receive();
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        pub.connect("pub", true);
        // not $SYS: no client may publish there (the broker alone does)
        pub.publish("$app/info", 0, 0, "hidden", false);
        pub.publish("app/info", 0, 0, "shown", false);
        assertThat(client.publishes()).extracting(SpecClient.Received::payload).containsExactly("shown");
    }

    // [MQTT-4.7.3-4] topic names and filters are compared exactly, case-sensitive, without normalisation
    @Test
    void matchingIsCaseSensitive() {
        client.subscribe(1, "Sensors/Temp", 0);
        client.receive();
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        pub.connect("pub", true);
        pub.publish("sensors/temp", 0, 0, "lower", false);
        pub.publish("Sensors/Temp", 0, 0, "exact", false);
        assertThat(client.publishes()).extracting(SpecClient.Received::payload).containsExactly("exact");
    }

    // [MQTT-3.10.4-6] an UNSUBSCRIBE with several filters acts like one per filter, with one UNSUBACK
    @Test
    void oneUnsubscribeRemovesSeveralFilters() {
        client.subscribe(1, "m/1", 0);
        client.subscribe(2, "m/2", 0);
        client.subscribe(3, "m/3", 0);
        client.receive();
        client.send(MqttMessageBuilders.unsubscribe()
                .messageId(4)
                .addTopicFilter("m/1")
                .addTopicFilter("m/3")
                .build());

        List<MqttMessage> answer = client.receive();
        assertThat(answer).singleElement().isInstanceOf(MqttUnsubAckMessage.class);
        assertThat(broker.trie.match("m/1")).isEmpty();
        assertThat(broker.trie.match("m/3")).isEmpty();
        assertThat(broker.trie.match("m/2")).hasSize(1);
    }
}
