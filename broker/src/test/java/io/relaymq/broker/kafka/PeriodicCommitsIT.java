package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The message-path loops commit periodically ({@link LoopPlan.Commits#PERIODICALLY}) on real Kafka: a loop that
 * went quiet still commits its last batch within the interval, a stopping loop commits what it finished, and
 * partitions that move to another member take their finished offsets along, so the new member reads none of
 * them again. Committing after every poll cost Kafka one commit request per poll of every busy consumer.
 */
@RelayMqNodeTest
class PeriodicCommitsIT {

    private static final Duration LONG_INTERVAL = KafkaProperties.DataFetch.MAX_COMMIT_INTERVAL;

    @Autowired
    KafkaClients clients;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    ConsumerLoops loops;

    @Autowired
    DeadLetters deadLetters;

    @Autowired
    Admin admin;

    private final List<ConsumerLoop> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ConsumerLoop::stop);
    }

    @Test
    void aLoopThatWentQuietCommitsItsLastBatchWithinTheInterval() throws Exception {
        String topic = topic(1);
        send(topic, "a", 10);
        String group = "it-periodic-" + UUID.randomUUID();
        AtomicInteger processed = new AtomicInteger();
        start(loops, topic, group, value -> processed.incrementAndGet());

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(processed.get()).isEqualTo(10));
        // no batch follows: only the check before each poll can commit the last one
        await().atMost(kafka.dataFetch().commitInterval().plusSeconds(10))
                .untilAsserted(() -> assertThat(committed(topic, group)).isEqualTo(10));
    }

    @Test
    void aStoppingLoopCommitsWhatItFinished() throws Exception {
        String topic = topic(1);
        send(topic, "a", 10);
        String group = "it-periodic-" + UUID.randomUUID();
        AtomicInteger processed = new AtomicInteger();
        ConsumerLoop loop = start(longInterval(), topic, group, value -> processed.incrementAndGet());
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(processed.get()).isEqualTo(10));

        loop.stop();

        assertThat(committed(topic, group)).isEqualTo(10);
    }

    @Test
    void aStopThatWakesTheConsumerWhileABatchIsHandledStillCommitsThatBatch() throws Exception {
        String topic = topic(1);
        send(topic, "a", 10);
        String group = "it-periodic-" + UUID.randomUUID();
        CountDownLatch inLastRecord = new CountDownLatch(1);
        CountDownLatch stopAsked = new CountDownLatch(1);
        ConsumerLoop loop = start(longInterval(), topic, group, value -> {
            if (value.equals("a9")) {
                inLastRecord.countDown();
                await().atMost(Duration.ofSeconds(30)).until(() -> stopAsked.getCount() == 0);
            }
        });
        assertThat(inLastRecord.await(30, TimeUnit.SECONDS)).isTrue();

        // the wakeup of the stop stays pending while the handler runs: the closing commit is the first blocking
        // call to see it, and is tried again
        loop.requestStop();
        stopAsked.countDown();

        await().atMost(Duration.ofSeconds(30)).until(loop::ended);
        assertThat(committed(topic, group)).isEqualTo(10);
    }

    @Test
    void partitionsMovingToAnotherMemberTakeTheirFinishedOffsetsAlong() throws Exception {
        String topic = topic(4);
        send(topic, "first", 40);
        String group = "it-periodic-" + UUID.randomUUID();
        ConsumerLoops slowCommits = longInterval();
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        start(slowCommits, topic, group, value -> seen.merge(value, 1, Integer::sum));
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.size() == 40);

        // a second member joins well within the interval: every partition is revoked from the first
        Set<String> secondSaw = ConcurrentHashMap.newKeySet();
        start(slowCommits, topic, group, value -> {
            secondSaw.add(value);
            seen.merge(value, 1, Integer::sum);
        });
        await().atMost(Duration.ofSeconds(60)).until(() -> membersWithPartitions(group) == 2);
        send(topic, "second", 40);

        await().atMost(Duration.ofSeconds(60)).until(() -> seen.size() == 80);
        assertThat(secondSaw).as("the second member got partitions").isNotEmpty();
        assertThat(seen)
                .allSatisfy((value, times) ->
                        assertThat(times).as("%s processed once", value).isEqualTo(1));
    }

    /** Loops that commit only every few seconds, so only a rebalance or a stop can commit in between. */
    private ConsumerLoops longInterval() {
        KafkaProperties.DataFetch fetch = kafka.dataFetch();
        KafkaProperties slow = new KafkaProperties(
                kafka.bootstrapServers(),
                kafka.apiTimeout(),
                kafka.clientConfig(),
                kafka.minInsyncReplicas(),
                kafka.msgAll(),
                kafka.state(),
                kafka.downlink(),
                kafka.sessionEvents(),
                new KafkaProperties.DataFetch(fetch.maxWait(), fetch.minBytes(), LONG_INTERVAL),
                kafka.deadLetter());
        return new ConsumerLoops(deadLetters, slow, new SimpleMeterRegistry());
    }

    private ConsumerLoop start(
            ConsumerLoops from, String topic, String group, java.util.function.Consumer<String> handler) {
        Supplier<Consumer<byte[], byte[]>> consumers = () -> {
            Consumer<byte[], byte[]> consumer =
                    clients.groupConsumer("it-periodic", group, 5, KafkaClients.Start.EARLIEST);
            consumer.subscribe(List.of(topic));
            return consumer;
        };
        ConsumerLoop loop = from.create(
                "it-periodic-" + UUID.randomUUID(),
                consumers,
                BatchHandler.eachRecord(
                        record -> {
                            handler.accept(new String(record.value(), StandardCharsets.UTF_8));
                            return null;
                        },
                        () -> {}),
                LoopPlan.Commits.PERIODICALLY);
        started.add(loop);
        loop.start();
        return loop;
    }

    private String topic(int partitions) throws Exception {
        String topic = "it-periodic-" + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                .all()
                .get();
        return topic;
    }

    private void send(String topic, String prefix, int records) throws Exception {
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("it-periodic"))) {
            for (int i = 0; i < records; i++) {
                byte[] value = (prefix + i).getBytes(StandardCharsets.UTF_8);
                producer.send(new ProducerRecord<>(topic, value, value)).get();
            }
        }
    }

    private long membersWithPartitions(String group) throws Exception {
        return admin.describeConsumerGroups(List.of(group)).all().get().get(group).members().stream()
                .filter(m -> !m.assignment().topicPartitions().isEmpty())
                .count();
    }

    /** The group's committed offsets summed over the topic's partitions (-1 when none). */
    private long committed(String topic, String group) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get();
        return offsets.entrySet().stream()
                .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                .mapToLong(e -> e.getValue().offset())
                .reduce(Long::sum)
                .orElse(-1);
    }
}
