package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.support.ParkedRecords;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A consumer loop on real Kafka survives whatever its records do (finding 1 of issue 18): a record whose
 * processing overflows the stack is retried, parked on the dead-letter topic with the reason and counted,
 * and the records after it are processed and committed; a batch that fails outside any record is read again
 * and nothing of it is committed until it is finished; a consumer that cannot be created is created again.
 * Before, a Throwable committed the batch and ended the thread for good.
 */
@RelayMqNodeTest
class ConsumerLoopIT {

    @Autowired
    KafkaClients clients;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    ConsumerLoops loops;

    @Autowired
    Admin admin;

    @Autowired
    MeterRegistry meters;

    private final List<ConsumerLoop> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ConsumerLoop::stop);
    }

    private String topicWith(int records) throws Exception {
        String topic = "it-loop-" + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("it-loop"))) {
            for (int i = 0; i < records; i++) {
                producer.send(new ProducerRecord<>(topic, bytes("k" + i), bytes("v" + i)))
                        .get();
            }
        }
        return topic;
    }

    private Supplier<Consumer<byte[], byte[]>> consumerOf(String topic, String group) {
        return () -> {
            Consumer<byte[], byte[]> consumer = clients.groupConsumer("it-loop", group, 4, KafkaClients.Start.EARLIEST);
            consumer.subscribe(List.of(topic));
            return consumer;
        };
    }

    private ConsumerLoop start(String name, Supplier<Consumer<byte[], byte[]>> consumers, BatchHandler handler) {
        ConsumerLoop loop = loops.create(name, consumers, handler, LoopPlan.Commits.AFTER_EACH_BATCH);
        started.add(loop);
        loop.start();
        return loop;
    }

    private long committed(String topic, String group) throws Exception {
        OffsetAndMetadata offset = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get()
                .get(new TopicPartition(topic, 0));
        return offset == null ? -1 : offset.offset();
    }

    @Test
    void aRecordThatOverflowsTheStackIsParkedCountedAndTheRestIsProcessedAndCommitted() throws Exception {
        String topic = topicWith(10);
        String group = "it-loop-" + UUID.randomUUID();
        String name = "it-overflow-" + UUID.randomUUID();
        List<String> processed = new CopyOnWriteArrayList<>();
        AtomicInteger poisonAttempts = new AtomicInteger();
        start(
                name,
                consumerOf(topic, group),
                BatchHandler.eachRecord(
                        record -> {
                            String value = text(record.value());
                            if (value.equals("v3")) {
                                poisonAttempts.incrementAndGet();
                                throw new StackOverflowError("deep");
                            }
                            processed.add(value);
                            return null;
                        },
                        () -> {}));

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(committed(topic, group)).isEqualTo(10));
        assertThat(processed).containsExactly("v0", "v1", "v2", "v4", "v5", "v6", "v7", "v8", "v9");
        assertThat(poisonAttempts.get()).isEqualTo(kafka.deadLetter().maxAttempts());
        assertThat(meters.counter("relaymq.kafka.dead.letters", "consumer", name)
                        .count())
                .isEqualTo(1.0);

        ConsumerRecord<byte[], byte[]> parked = parkedBy(name);
        assertThat(text(parked.value())).isEqualTo("v3");
        assertThat(header(parked, DeadLetters.SOURCE_TOPIC)).isEqualTo(topic);
        assertThat(header(parked, DeadLetters.SOURCE_OFFSET)).isEqualTo("3");
        assertThat(header(parked, DeadLetters.ERROR)).contains("StackOverflowError");
    }

    @Test
    void aBatchThatFailsOutsideItsRecordsIsReadAgainAndNotCommittedUntilFinished() throws Exception {
        String topic = topicWith(3);
        String group = "it-loop-" + UUID.randomUUID();
        String name = "it-batch-" + UUID.randomUUID();
        AtomicInteger failuresLeft = new AtomicInteger(3);
        List<Long> committedWhileFailing = new CopyOnWriteArrayList<>();
        List<String> finished = new CopyOnWriteArrayList<>();
        ConsumerLoop loop = start(name, consumerOf(topic, group), batch -> {
            if (failuresLeft.getAndDecrement() > 0) {
                committedWhileFailing.add(committed(topic, group));
                throw new OutOfMemoryError("simulated");
            }
            batch.records().forEach(r -> finished.add(text(r.value())));
        });

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(committed(topic, group)).isEqualTo(3));
        assertThat(finished).containsExactly("v0", "v1", "v2");
        assertThat(committedWhileFailing)
                .hasSize(3)
                .allSatisfy(offset -> assertThat(offset).isLessThan(3));
        await().atMost(Duration.ofSeconds(10)).until(loop::isHealthy);
        assertThat(loops.unhealthy()).doesNotContain(name);
    }

    @Test
    void aLoopWhoseConsumerCannotBeCreatedIsReportedAndStartedAgain() throws Exception {
        String topic = topicWith(2);
        String group = "it-loop-" + UUID.randomUUID();
        String name = "it-restart-" + UUID.randomUUID();
        AtomicInteger creations = new AtomicInteger();
        Supplier<Consumer<byte[], byte[]>> real = consumerOf(topic, group);
        double restartsBefore =
                meters.counter("relaymq.kafka.consumer.restarts", "kind", name).count();
        List<String> seen = new CopyOnWriteArrayList<>();
        ConsumerLoop loop = start(
                name,
                () -> {
                    if (creations.incrementAndGet() == 1) {
                        throw new IllegalStateException("broker unreachable");
                    }
                    return real.get();
                },
                BatchHandler.eachRecord(record -> seen.add(text(record.value())), () -> {}));

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(seen).containsExactly("v0", "v1"));
        assertThat(creations.get()).isEqualTo(2);
        assertThat(meters.counter("relaymq.kafka.consumer.restarts", "kind", name)
                        .count())
                .isGreaterThan(restartsBefore);
        assertThat(loop.isHealthy()).isTrue();
    }

    private ConsumerRecord<byte[], byte[]> parkedBy(String loopName) {
        List<ConsumerRecord<byte[], byte[]>> found = ParkedRecords.find(
                clients, kafka.deadLetter().topic(), r -> loopName.equals(header(r, DeadLetters.CONSUMER)));
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        return ParkedRecords.header(record, key);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
