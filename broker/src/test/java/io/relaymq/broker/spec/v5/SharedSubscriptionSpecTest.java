package io.relaymq.broker.spec.v5;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MQTT 5.0 §4.8.2 shared subscriptions, and §3.3.2.3.4 topic aliases sent by the server. */
class SharedSubscriptionSpecTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    private SpecClient member(String id, int receiveMaximum) {
        SpecClient c = new SpecClient(broker, MqttVersion.MQTT_5);
        MqttProperties p = new MqttProperties();
        p.add(new MqttProperties.IntegerProperty(MqttProperties.RECEIVE_MAXIMUM, receiveMaximum));
        c.connect(id, true, p);
        c.subscribe(1, "$share/workers/jobs/+", 1);
        c.receive();
        return c;
    }

    // §4.8.2: each message goes to one member of the group
    @Test
    void eachMessageGoesToExactlyOneMember() {
        SpecClient a = member("a", 100);
        SpecClient b = member("b", 100);
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_5);
        pub.connect("pub", true);
        for (int i = 0; i < 10; i++) {
            pub.publish("jobs/" + i, 1, i + 1, "job" + i, false);
        }
        List<String> all = new ArrayList<>();
        a.publishes().forEach(r -> all.add(r.payload()));
        b.publishes().forEach(r -> all.add(r.payload()));
        assertThat(all).hasSize(10).doesNotHaveDuplicates();
    }

    // §4.8.2: a member that goes away without acknowledging does not take the group's messages with it
    @Test
    void unacknowledgedMessagesOfALeavingMemberGoToAnotherMember() {
        SpecClient leaving = member("leaving", 1);
        SpecClient staying = member("staying", 100);
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_5);
        pub.connect("pub", true);
        for (int i = 0; i < 6; i++) {
            pub.publish("jobs/x", 1, i + 1, "job" + i, false);
        }
        List<String> first = new ArrayList<>();
        leaving.publishes().forEach(r -> first.add(r.payload()));
        staying.publishes().forEach(r -> first.add(r.payload()));
        assertThat(first).hasSizeLessThan(6);

        leaving.drop();

        List<String> afterLeave = new ArrayList<>();
        staying.publishes().forEach(r -> afterLeave.add(r.payload()));
        List<String> received = new ArrayList<>();
        received.addAll(first);
        received.addAll(afterLeave);
        assertThat(received).containsAll(List.of("job0", "job1", "job2", "job3", "job4", "job5"));
    }

    // §3.3.2.3.4: the server uses a topic alias when the client allows it, sending the name only once
    @Test
    void serverSendsTopicAliasesWithinTheClientsMaximum() {
        SpecClient sub = new SpecClient(broker, MqttVersion.MQTT_5);
        MqttProperties p = new MqttProperties();
        p.add(new MqttProperties.IntegerProperty(MqttProperties.TOPIC_ALIAS_MAXIMUM, 1));
        sub.connect("aliased", true, p);
        sub.subscribe(1, "very/long/topic/#", 1);
        sub.receive();
        SpecClient pub = new SpecClient(broker, MqttVersion.MQTT_5);
        pub.connect("alias-pub", true);
        pub.publish("very/long/topic/a", 1, 1, "1", false);
        pub.publish("very/long/topic/a", 1, 2, "2", false);
        pub.publish("very/long/topic/b", 1, 3, "3", false);
        List<SpecClient.Received> got = sub.publishes();
        assertThat(got)
                .extracting(SpecClient.Received::topic)
                .containsExactly("very/long/topic/a", "", "very/long/topic/b");
        assertThat(got)
                .extracting(r -> MqttProps.integer(r.properties(), MqttProperties.TOPIC_ALIAS))
                .containsExactly(1, 1, null);
    }
}
