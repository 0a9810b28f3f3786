package io.relaymq.broker.cluster;

import static io.relaymq.broker.support.PersistentSessions.awaitAllInOrder;
import static io.relaymq.broker.support.PersistentSessions.id;
import static io.relaymq.broker.support.PersistentSessions.publishAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two broker processes and a late session record of a client's old node: clients move from node A to
 * node B, and then A's "disconnected" record of the older connect lands in {@code relaymq.client.session}
 * (as when A notices the dead connection just after the takeover). Every node ignores it, B writes its
 * newer record again so that compaction keeps it, and messages stored for the clients keep reaching them
 * on B, whichever node's persistence consumer handles them ([MQTT-4.4.0-1]).
 */
@ExtendWith(LocalStackExtension.class)
class SessionGenerationIT {

    /** Enough clients that some of their persisted-topic partitions are consumed on node A. */
    private static final int CLIENTS = 8;

    private static final int MESSAGES = 20;
    private static final String SESSIONS_TOPIC = "relaymq.client.session";

    private static BrokerProcess a;
    private static BrokerProcess b;
    private static String bootstrap;
    private final PersistentSessions clients = new PersistentSessions();

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("generation-a", stack);
        b = BrokerProcess.start("generation-b", stack);
        a.awaitReady();
        b.awaitReady();
        bootstrap = stack.kafkaBootstrapServers();
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
    void aLateDisconnectOfTheOldNodeNeitherStallsDeliveriesNorSurvivesCompaction() throws Exception {
        Map<String, Received> moved = new LinkedHashMap<>();
        for (int i = 0; i < CLIENTS; i++) {
            String clientId = id("moved");
            Received onA = new Received();
            clients.persistent(a, clientId, onA, false).subscribe("generation/" + clientId, 1);
            clients.awaitRouted(b, "generation/" + clientId, onA);
            Received onB = new Received();
            clients.persistent(b, clientId, onB, false);
            moved.put(clientId, onB);
        }

        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            for (String clientId : moved.keySet()) {
                List<SessionInfo> records = await().atMost(Duration.ofSeconds(60))
                        .until(() -> sessionRecords(clientId), r -> !r.isEmpty() && isOn(r.get(r.size() - 1), b));
                SessionInfo onA =
                        records.stream().filter(r -> isOn(r, a)).findFirst().orElseThrow();
                SessionInfo late = new SessionInfo(
                        a.nodeId(),
                        false,
                        onA.expirySeconds(),
                        onA.details().withDisconnectedAt(System.currentTimeMillis()),
                        onA.generation());
                producer.send(record(clientId, late.encode())).get();
            }
            // the replicas read in order: once node A knows this record, it has read the late ones before it
            String sentinel = id("sentinel");
            producer.send(record(sentinel, new SessionInfo("nowhere", false, 60, SessionDetails.UNKNOWN, 1).encode()))
                    .get();
            ApiClient api = ApiClient.admin(a.httpPort());
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> api.get("/api/client-session/details?clientId=" + sentinel)
                                    .status()
                            == 200);
            producer.send(record(sentinel, null)).get();
        }

        for (String clientId : moved.keySet()) {
            publishAll(a, "generation/" + clientId, MESSAGES);
        }
        for (Map.Entry<String, Received> client : moved.entrySet()) {
            awaitAllInOrder(client.getValue(), MESSAGES);
        }
        for (String clientId : moved.keySet()) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                List<SessionInfo> records = sessionRecords(clientId);
                assertThat(records.get(records.size() - 1))
                        .as("what compaction keeps for %s", clientId)
                        .satisfies(last -> assertThat(isOn(last, b)).isTrue());
            });
        }
    }

    private static boolean isOn(SessionInfo info, BrokerProcess node) {
        return info != null && info.connected() && info.ownerNode().equals(node.nodeId());
    }

    private static ProducerRecord<byte[], byte[]> record(String clientId, byte[] value) {
        return new ProducerRecord<>(SESSIONS_TOPIC, clientId.getBytes(StandardCharsets.UTF_8), value);
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all"),
                new ByteArraySerializer(),
                new ByteArraySerializer());
    }

    /** Every record of {@code clientId} in the sessions topic, in order (null = tombstone). */
    private static List<SessionInfo> sessionRecords(String clientId) {
        TopicPartition partition = new TopicPartition(SESSIONS_TOPIC, 0);
        List<SessionInfo> found = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofSeconds(1))) {
                    if (new String(r.key(), StandardCharsets.UTF_8).equals(clientId)) {
                        found.add(r.value() == null ? null : SessionInfo.decode(r.value()));
                    }
                }
            }
        }
        return found;
    }
}
