package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.DeadLetters;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.ParkedRecords;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 1 of issue 18 on a running node. The attack of the review (subscribe to and publish on a topic of
 * 32,000 levels, three times) is refused at the listener; a record that reaches msg.all anyway (from an
 * older node, or written there directly) is routed without recursion or, when it cannot be routed, parked
 * on the dead-letter topic. Ordinary QoS 1 traffic afterwards is delivered in full: on the old code the
 * consumer threads died and 0 of 40 arrived.
 */
@RelayMqNodeTest
class DeepTopicRoutingIT {

    private static final String DEEP = "a/".repeat(31_999) + "b";
    private static final long WAIT = 10_000;

    @Autowired
    MqttServer server;

    @Autowired
    KafkaClients clients;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    MeterRegistry meters;

    @Autowired
    ConsumerLoops loops;

    @Test
    void deepTopicsAndAPoisonRecordNeitherStopRoutingNorLoseAcknowledgedMessages() throws Exception {
        String prefix = "fresh/" + UUID.randomUUID();
        Set<String> received = ConcurrentHashMap.newKeySet();
        MqttAsyncClient subscriber = connect("deep-sub-" + UUID.randomUUID(), (topic, message) -> received.add(topic));
        assertThat(subscribe(subscriber, prefix + "/+")).containsExactly(1);

        MqttAsyncClient attacker = connect("deep-attacker-" + UUID.randomUUID(), (topic, message) -> {});
        for (int round = 0; round < 3; round++) {
            assertThat(subscribe(attacker, DEEP)).containsExactly(0x8F);
            assertThat(publishReason(attacker, DEEP)).isEqualTo(0x90);
        }
        assertThat(attacker.isConnected()).isTrue();

        double parkedBefore = parkedByMsgAll();
        RecordMetadata poison = writeToMsgAll(new byte[] {(byte) 0xEE, 0, 1, 2});
        writeToMsgAll(PublishedMessageCodec.encode(new PublishedMessage(
                DEEP,
                1,
                false,
                "deep".getBytes(StandardCharsets.UTF_8),
                "not-a-client",
                System.currentTimeMillis(),
                MessageProperties.NONE)));

        MqttAsyncClient publisher = connect("deep-pub-" + UUID.randomUUID(), (topic, message) -> {});
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String topic = prefix + "/" + i;
            publisher
                    .publish(topic, new MqttMessage(("m" + i).getBytes(StandardCharsets.UTF_8), 1, false, null))
                    .waitForCompletion(WAIT);
            sent.add(topic);
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(received).containsExactlyInAnyOrderElementsOf(sent));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(parkedByMsgAll()).isGreaterThan(parkedBefore));
        ConsumerRecord<byte[], byte[]> parked = parkedRecordAt(poison);
        assertThat(parked.value()).containsExactly((byte) 0xEE, 0, 1, 2);
        assertThat(loops.unhealthy()).isEmpty();
        for (MqttAsyncClient c : List.of(subscriber, attacker, publisher)) {
            c.disconnect().waitForCompletion(WAIT);
            c.close();
        }
    }

    private MqttAsyncClient connect(String clientId, Arrived arrived) throws MqttException {
        MqttAsyncClient client = new MqttAsyncClient(Endpoints.tcp(server), clientId, new MemoryPersistence());
        client.setCallback(new MqttCallback() {
            @Override
            public void disconnected(MqttDisconnectResponse response) {}

            @Override
            public void mqttErrorOccurred(MqttException exception) {}

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                arrived.accept(topic, message);
            }

            @Override
            public void deliveryComplete(IMqttToken token) {}

            @Override
            public void connectComplete(boolean reconnect, String serverURI) {}

            @Override
            public void authPacketArrived(int reasonCode, MqttProperties properties) {}
        });
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(true);
        client.connect(options).waitForCompletion(WAIT);
        return client;
    }

    private static int[] subscribe(MqttAsyncClient client, String filter) throws MqttException {
        IMqttToken token = client.subscribe(
                new MqttSubscription[] {new MqttSubscription(filter, 1)}, null, null, new MqttProperties());
        token.waitForCompletion(WAIT);
        return token.getReasonCodes();
    }

    /** The PUBACK reason code of a QoS 1 publish, whether the client reports it as an error or not. */
    private static int publishReason(MqttAsyncClient client, String topic) {
        try {
            IMqttToken token = client.publish(topic, new MqttMessage(new byte[] {1}, 1, false, null));
            token.waitForCompletion(WAIT);
            return token.getReasonCodes()[0];
        } catch (MqttException e) {
            return e.getReasonCode();
        }
    }

    private RecordMetadata writeToMsgAll(byte[] value) throws Exception {
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("it-poison"))) {
            return producer.send(new ProducerRecord<>(kafka.msgAll().topic(), value))
                    .get();
        }
    }

    private double parkedByMsgAll() {
        return meters.find("relaymq.kafka.dead.letters").counters().stream()
                .filter(c -> c.getId().getTag("consumer").startsWith("msg-all"))
                .mapToDouble(Counter::count)
                .sum();
    }

    private ConsumerRecord<byte[], byte[]> parkedRecordAt(RecordMetadata source) {
        return ParkedRecords.find(
                        clients,
                        kafka.deadLetter().topic(),
                        r -> source.topic().equals(header(r, DeadLetters.SOURCE_TOPIC))
                                && Integer.toString(source.partition()).equals(header(r, DeadLetters.SOURCE_PARTITION))
                                && Long.toString(source.offset()).equals(header(r, DeadLetters.SOURCE_OFFSET)))
                .get(0);
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        return ParkedRecords.header(record, key);
    }

    @FunctionalInterface
    private interface Arrived {
        void accept(String topic, MqttMessage message);
    }
}
