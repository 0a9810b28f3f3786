package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.kafka.KafkaTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.kafka.KafkaCluster;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A Kafka integration whose executor is stopped in the middle of a stream loses nothing on the other cluster:
 * the next executor of the group delivers every message at least once and in order per integration (a restart
 * may repeat the records that were in flight; the test prints how many), and nothing is dead-lettered.
 */
@ExtendWith(LocalStackExtension.class)
class KafkaIntegrationRestartIT {

    private static final int COUNT = 400;
    /** The first executor is stopped once this many records of integration x are on the other cluster. */
    private static final int STOP_AFTER = 40;

    private static final List<String> LEVELS = List.of("x", "y");

    private ExecutorFixture fixture;
    private KafkaCluster remote;
    private KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, List<Integer>> arrived = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
        }
        if (remote != null) {
            remote.stop();
        }
    }

    @Test
    void aRestartInTheMiddleOfAStreamLosesNothingAndKeepsOrderOnTheOtherCluster(StackEndpoints stack) throws Exception {
        Path work = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"));
        remote = KafkaCluster.singleNode(
                work.resolve("kafka-restart-it-" + ProcessHandle.current().pid()));
        remote.start();
        createTopics();
        consumer = consumer();
        fixture = new ExecutorFixture(stack);
        UUID x = integration("x");
        UUID y = integration("y");
        for (int i = 0; i < COUNT; i++) {
            fixture.route(x, "x/data", Integer.toString(i));
            fixture.route(y, "y/data", Integer.toString(i));
        }
        var factories = List.of(new KafkaTargetFactory(new MessageJson(fixture.mapper())));

        IntegrationExecutor first = fixture.start("it-kafka-restart-1", factories);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> drain().get("x").size() >= STOP_AFTER);
        first.close();
        int beforeRestart = drainToEnd().get("x").size();
        System.out.printf("out.x: %d of %d records before the restart%n", beforeRestart, COUNT);
        assertThat(beforeRestart).as("stopped in the middle").isLessThan(COUNT);

        fixture.start("it-kafka-restart-2", factories);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            Map<String, List<Integer>> got = drain();
            return LEVELS.stream().allMatch(level -> RestartOrder.covers(got.get(level), COUNT));
        });

        for (String level : LEVELS) {
            RestartOrder.assertAtLeastOnceInOrder("out." + level, drain().get(level), COUNT);
        }
        assertThat(fixture.deadLetters()).as("dead letters").isEmpty();
    }

    private UUID integration(String level) {
        UUID id = UUID.randomUUID();
        fixture.define(
                id,
                "kafka-restart-" + level,
                IntegrationType.KAFKA,
                true,
                fixture.mapper()
                        .createObjectNode()
                        .put("bootstrapServers", remote.bootstrapServers())
                        .put("topic", "out.${topicLevel.0}")
                        .put("key", "${clientId}")
                        .put("value", "PAYLOAD")
                        .put("requestTimeoutMs", 5000),
                1);
        return id;
    }

    private void createTopics() throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, remote.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(LEVELS.stream()
                            .map(level -> new NewTopic("out." + level, 1, (short) 1))
                            .toList())
                    .all()
                    .get();
        }
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, remote.bootstrapServers());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<byte[], byte[]> c =
                new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = LEVELS.stream()
                .map(level -> new TopicPartition("out." + level, 0))
                .toList();
        c.assign(partitions);
        c.seekToBeginning(partitions);
        LEVELS.forEach(level -> arrived.put(level, new ArrayList<>()));
        return c;
    }

    /** Polls the other cluster once and returns every number that arrived so far, per topic level. */
    private synchronized Map<String, List<Integer>> drain() {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(50))) {
            assertThat(new String(r.key(), StandardCharsets.UTF_8)).as("key").isEqualTo("it-publisher");
            String level = r.topic().substring("out.".length());
            arrived.get(level).add(Integer.parseInt(new String(r.value(), StandardCharsets.UTF_8)));
        }
        Map<String, List<Integer>> copy = new ConcurrentHashMap<>();
        arrived.forEach((level, numbers) -> copy.put(level, List.copyOf(numbers)));
        return copy;
    }

    /** Polls until the consumer has read up to the current end of every topic (bounded). */
    private Map<String, List<Integer>> drainToEnd() {
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment());
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            drain();
            return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
        });
        return drain();
    }
}
