package io.relaymq.broker.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RawMqttClient;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The receiver's side of QoS 2 across nodes: a persistent session's packet ids awaiting PUBREL go where the
 * session goes. A PUBLISH sent again with DUP and the same packet id on the node that continues the
 * session is acknowledged with PUBREC but not forwarded again ([MQTT-4.3.3-9], [MQTT-4.3.3-10] method B:
 * the packet id is stored until PUBREL), after a takeover, a drain (SIGTERM) and a crash (SIGKILL) of the
 * node the client was on; after PUBREL the id may carry a new message
 * ([MQTT-4.3.3-11], [MQTT-4.3.3-12]).
 */
@ExtendWith(LocalStackExtension.class)
class InboundQos2SessionMoveIT {

    private static BrokerProcess a;
    private static BrokerProcess b;
    private final PahoClients clients = new PahoClients();

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("qos2-in-a", stack);
        b = BrokerProcess.start("qos2-in-b", stack);
        a.awaitReady();
        b.awaitReady();
    }

    @AfterAll
    static void stopNodes() {
        BrokerProcess.closeAll(a, b);
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
    }

    @Test
    void aPublishSentAgainWithDupAfterATakeoverByAnotherNodeIsForwardedOnce() throws Exception {
        String clientId = id("qos2-pub");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);

        RawMqttClient onA = RawMqttClient.connectPersistent(a.mqtt(), clientId);
        onA.publishQos2(topic, 7, false, "once");
        onA.expect(RawMqttClient.PUBREC, 7);
        // the client never saw that PUBREC (or had not sent PUBREL yet): it reaches node B, which takes over
        try (RawMqttClient onB = RawMqttClient.connectPersistent(b.mqtt(), clientId)) {
            exchange(onB, topic, 7, true, "once");
            exchange(onB, topic, 8, "marker");
        } finally {
            onA.close();
        }

        // same topic, same Kafka partition: whatever was forwarded before the marker has arrived with it
        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("marker"));
        assertThat(received).filteredOn("once"::equals).hasSize(1);
    }

    /** The node the client was on goes away (SIGTERM: drain; SIGKILL: crash); the client resumes on B. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPublishSentAgainWithDupAfterItsNodeWentAwayIsForwardedOnce(boolean drained, StackEndpoints stack)
            throws Exception {
        String clientId = id(drained ? "qos2-drain" : "qos2-crash");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);
        try (BrokerProcess leaving = BrokerProcess.start(clientId, stack).awaitReady()) {
            RawMqttClient before = RawMqttClient.connectPersistent(leaving.mqtt(), clientId);
            before.publishQos2(topic, 11, false, "once");
            before.expect(RawMqttClient.PUBREC, 11);
            if (drained) {
                leaving.stopGracefully(Duration.ofSeconds(90));
            } else {
                leaving.kill();
            }
            before.close();
        }
        RawMqttClient[] onB = new RawMqttClient[1];
        // until the cluster has let go of the session on the node that left, CONNECTs are refused: retry
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> (onB[0] = RawMqttClient.connectPersistent(b.mqtt(), clientId)) != null);
        try (RawMqttClient again = onB[0]) {
            exchange(again, topic, 11, true, "once");
            exchange(again, topic, 12, "marker");
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("marker"));
        assertThat(received).filteredOn("once"::equals).hasSize(1);
    }

    /**
     * The node kept a packet id and its record token, then died before PUBREC: Kafka may or may not have the
     * message. The next node checks the PUBLISH sent again against Kafka by the token: a message Kafka has is
     * acknowledged and not forwarded again; one it has not is forwarded. Either way it arrives once.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPublishWhoseFirstNodeDiedBeforePubrecIsForwardedOnlyWhenKafkaLacksIt(boolean inKafka, StackEndpoints stack)
            throws Exception {
        String clientId = id(inKafka ? "qos2-stored" : "qos2-lost");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);
        RawMqttClient.connectPersistent(a.mqtt(), clientId).close();
        long token = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        // a minute ago: the node that kept it left the registry long enough ago that its writes have landed
        long keptAt = System.currentTimeMillis() - 60_000;
        // what node A would have left: the id kept before its message went to Kafka
        keep(stack, clientId, 21, token + ":" + keptAt + ":a-node-that-is-gone");
        if (inKafka) {
            try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                    "bootstrap.servers",
                    stack.kafkaBootstrapServers(),
                    "key.serializer",
                    ByteArraySerializer.class,
                    "value.serializer",
                    ByteArraySerializer.class))) {
                ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(
                        "relaymq.msg.all",
                        topic.getBytes(StandardCharsets.UTF_8),
                        PublishedMessageCodec.encode(new PublishedMessage(
                                topic,
                                2,
                                false,
                                "once".getBytes(StandardCharsets.UTF_8),
                                clientId,
                                keptAt,
                                MessageProperties.NONE)));
                record.headers()
                        .add(
                                "relaymq-qos2",
                                ByteBuffer.allocate(Long.BYTES).putLong(token).array());
                producer.send(record).get(30, TimeUnit.SECONDS);
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("once"));
        }

        try (RawMqttClient onB = RawMqttClient.connectPersistent(b.mqtt(), clientId)) {
            exchange(onB, topic, 21, true, "once");
            exchange(onB, topic, 22, "marker");
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("marker"));
        assertThat(received).containsExactly("once", "marker");
    }

    /**
     * The id names a keeper that still runs (here node B itself; node A, which let the session go, settles only
     * the ids naming it), whose Kafka write for it may still land: a record not found yet is no answer, so the
     * PUBLISH sent again waits. Once the id is settled (as its keeper does when it let the session go and its
     * writes finished), Kafka not having the record means it never will: the message is forwarded, once.
     */
    @Test
    void aPublishKeptByARunningNodeWaitsUntilThatNodeSettledIt(StackEndpoints stack) throws Exception {
        String clientId = id("qos2-settle");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);
        RawMqttClient.connectPersistent(a.mqtt(), clientId).close();
        long token = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        String kept = token + ":" + System.currentTimeMillis() + ":";
        keep(stack, clientId, 31, kept + "qos2-in-b");
        try (RawMqttClient onB = RawMqttClient.connectPersistent(b.mqtt(), clientId)) {
            onB.publishQos2(topic, 31, true, "once");
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> !received.contains("once"));

            keep(stack, clientId, 31, kept);
            onB.expect(RawMqttClient.PUBREC, 31);
            onB.pubrel(31);
            onB.expect(RawMqttClient.PUBCOMP, 31);
            exchange(onB, topic, 32, "marker");
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("marker"));
        assertThat(received).containsExactly("once", "marker");
    }

    @Test
    void aPacketIdReleasedOnOneNodeCarriesANewMessageOnTheNext() throws Exception {
        String clientId = id("qos2-reuse");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);

        try (RawMqttClient onA = RawMqttClient.connectPersistent(a.mqtt(), clientId)) {
            exchange(onA, topic, 5, "first");
        }
        try (RawMqttClient onB = RawMqttClient.connectPersistent(b.mqtt(), clientId)) {
            exchange(onB, topic, 5, "second");
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("second"));
        assertThat(received).containsExactly("first", "second");
    }

    @Test
    void aCleanSessionForgetsThePacketIdsItsPredecessorAwaitedPubrelFor() throws Exception {
        String clientId = id("qos2-clean");
        String topic = "qos2in/" + clientId;
        List<String> received = subscriber(topic);

        try (RawMqttClient onA = RawMqttClient.connectPersistent(a.mqtt(), clientId)) {
            onA.publishQos2(topic, 3, false, "old");
            onA.expect(RawMqttClient.PUBREC, 3);
        }
        RawMqttClient.connect(b.mqtt(), clientId, true).close();
        try (RawMqttClient again = RawMqttClient.connectPersistent(a.mqtt(), clientId)) {
            exchange(again, topic, 3, "new");
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> received.contains("new"));
        assertThat(received).containsExactly("old", "new");
    }

    /** Writes what a node keeps for {@code packetId} of the client ("token:millis:node") straight into Redis. */
    private static void keep(StackEndpoints stack, String clientId, int packetId, String value) {
        RedisClusterClient redis =
                RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                        .map(node -> RedisURI.create("redis://" + node))
                        .toList());
        try (StatefulRedisClusterConnection<String, String> connection = redis.connect()) {
            connection.sync().hset("{" + clientId + "}_qos2_received", Integer.toString(packetId), value);
        } finally {
            redis.shutdown();
        }
    }

    /** A whole QoS 2 exchange: PUBLISH, PUBREC, PUBREL, PUBCOMP. */
    private static void exchange(RawMqttClient client, String topic, int packetId, String payload) throws Exception {
        exchange(client, topic, packetId, false, payload);
    }

    /** A whole QoS 2 exchange whose PUBLISH is sent again ({@code dup}) or for the first time. */
    private static void exchange(RawMqttClient client, String topic, int packetId, boolean dup, String payload)
            throws Exception {
        client.publishQos2(topic, packetId, dup, payload);
        client.expect(RawMqttClient.PUBREC, packetId);
        client.pubrel(packetId);
        client.expect(RawMqttClient.PUBCOMP, packetId);
    }

    /** A QoS 2 subscriber on node B that both nodes route to; collects payloads but probes in arrival order. */
    private List<String> subscriber(String topic) throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        MqttClient subscriber = clients.add(new MqttClient(b.mqtt(), id("sub"), new MemoryPersistence()));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(30);
        subscriber.connect(options);
        List<String> probes = new CopyOnWriteArrayList<>();
        subscriber.subscribe(topic, 2, (t, m) -> {
            String payload = new String(m.getPayload(), StandardCharsets.UTF_8);
            (payload.startsWith("probe") ? probes : received).add(payload);
        });
        for (BrokerProcess via : List.of(a, b)) {
            MqttClient probe = clients.add(new MqttClient(via.mqtt(), id("probe"), new MemoryPersistence()));
            probe.connect(options);
            String mark = "probe-" + via.mqtt();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                probe.publish(topic, mark.getBytes(StandardCharsets.UTF_8), 0, false);
                return probes.contains(mark);
            });
        }
        return received;
    }

    private static String id(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
