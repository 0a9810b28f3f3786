package io.relaymq.localinfra.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.kafka.KafkaCluster;
import io.relaymq.localinfra.process.Ports;
import io.relaymq.localinfra.redis.RedisCluster;
import io.relaymq.localinfra.redis.RedisNodeSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Servers can be SIGKILLed and brought back through local-infra, as the fault tests will do. */
@ExtendWith(LocalStackExtension.class)
class LocalStackFaultsIT {

    @Test
    void killedRedisMasterComesBackIntoTheCluster(LocalStack stack) {
        assumeThat(stack.redis()).as("Redis is started by local-infra").isPresent();
        RedisCluster redis = stack.redis().orElseThrow();
        RedisNodeSpec master = redis.nodes().get(0);
        assertThat(master.isMaster()).isTrue();

        redis.kill(0);

        assertThat(redis.isAlive(0)).isFalse();
        assertThat(Ports.isListening(master.port())).isFalse();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !"ok".equals(redis.clusterInfoField(redis.nodes().get(1), "cluster_state")));

        redis.restart(0);

        assertThat(redis.isAlive(0)).isTrue();
        for (RedisNodeSpec node : redis.nodes()) {
            assertThat(redis.clusterInfoField(node, "cluster_state")).isEqualTo("ok");
        }
        RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", master.port()));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            String key = keyServedBy(connection);
            connection.sync().set(key, "back");
            assertThat(connection.sync().get(key)).isEqualTo("back");
        } finally {
            client.shutdown();
        }
    }

    @Test
    void killedKafkaNodeComesBackWithItsData(LocalStack stack) throws Exception {
        assumeThat(stack.kafka()).as("Kafka is started by local-infra").isPresent();
        KafkaCluster kafka = stack.kafka().orElseThrow();
        String bootstrap = kafka.bootstrapServers();
        String topic = "fault-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        produce(bootstrap, topic, "before-kill");
        long pidBefore = kafka.pid(0);

        kafka.kill(0);

        assertThat(kafka.isAlive(0)).isFalse();
        assertThat(Ports.isListening(kafka.nodes().get(0).port())).isFalse();

        kafka.restart(0);

        assertThat(kafka.isAlive(0)).isTrue();
        assertThat(kafka.pid(0)).isNotEqualTo(pidBefore);
        produce(bootstrap, topic, "after-restart");
        assertThat(consumeAll(bootstrap, topic, 2)).containsExactly("before-kill", "after-restart");
    }

    /** A key whose slot the node behind {@code connection} serves (its CLUSTER SLOTS range). */
    private static String keyServedBy(StatefulRedisConnection<String, String> connection) {
        String myId = connection.sync().clusterMyId();
        for (int i = 0; i < 100_000; i++) {
            String key = "fault:" + i;
            long slot = connection.sync().clusterKeyslot(key);
            List<String> owners = connection
                    .sync()
                    .clusterNodes()
                    .lines()
                    .filter(l -> l.contains("master") && !l.contains("fail"))
                    .filter(l -> servesSlot(l, slot))
                    .map(l -> l.split(" ")[0])
                    .toList();
            if (owners.contains(myId)) {
                return key;
            }
        }
        throw new IllegalStateException("no key found for node " + myId);
    }

    private static boolean servesSlot(String nodesLine, long slot) {
        String[] parts = nodesLine.split(" ");
        for (int i = 8; i < parts.length; i++) {
            String[] range = parts[i].split("-");
            long from = Long.parseLong(range[0]);
            long to = range.length > 1 ? Long.parseLong(range[1]) : from;
            if (slot >= from && slot <= to) {
                return true;
            }
        }
        return false;
    }

    private static void produce(String bootstrap, String topic, String value) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(
                        "bootstrap.servers",
                        bootstrap,
                        "acks",
                        "all",
                        "delivery.timeout.ms",
                        60000,
                        "request.timeout.ms",
                        10000),
                new StringSerializer(),
                new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, "k", value)).get(60, TimeUnit.SECONDS);
        }
    }

    private static List<String> consumeAll(String bootstrap, String topic, int expected) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of("bootstrap.servers", bootstrap, "group.id", "fault-" + topic, "auto.offset.reset", "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
                return values.size() >= expected;
            });
        }
        return values;
    }
}
