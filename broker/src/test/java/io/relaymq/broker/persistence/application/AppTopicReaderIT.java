package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The reader of an APPLICATION client's topic, on real Kafka, survives a failure: its {@link ConsumerLoop} starts
 * it again after a pause, at the first record it had not yet handed over. Before, one exception (Kafka away while the topic was
 * created or the committed offset read) ended the reader, and a connected client got nothing more until it
 * connected again.
 */
@RelayMqNodeTest
class AppTopicReaderIT {

    @Autowired
    KafkaClients clients;

    @Autowired
    ConsumerLoops loops;

    @Autowired
    Admin admin;

    @Test
    void aReaderWhoseStartFailedStartsAgainAndReadsEveryRecord() throws Exception {
        String topic = "it-app-reader-" + UUID.randomUUID();
        AtomicInteger attempts = new AtomicInteger();
        Runnable ensureTopic = () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("Kafka unavailable (injected)");
            }
        };
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        write(topic, "a", "b", "c");
        List<String> handed = new CopyOnWriteArrayList<>();
        AppTopicReader reader = new AppTopicReader(
                "it-client",
                topic,
                false,
                0,
                new ReadAhead(1000, 1 << 20),
                batch -> batch.forEach(r -> handed.add(new String(r.value(), StandardCharsets.UTF_8))));
        String group = "it-app-reader-" + UUID.randomUUID();
        ConsumerLoop loop = loops.create(reader.plan(() -> {
            ensureTopic.run();
            return clients.dataConsumer("it-app-reader", group, 100, KafkaClients.Start.EARLIEST);
        }));
        reader.start(loop);
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> handed.size() >= 3);
            write(topic, "d");
            await().atMost(Duration.ofSeconds(30)).until(() -> handed.size() >= 4);
            assertThat(handed).containsExactly("a", "b", "c", "d");
            assertThat(reader.restarts()).isGreaterThanOrEqualTo(1);
        } finally {
            reader.stop();
        }
        await().atMost(Duration.ofSeconds(10)).until(loop::ended);
        assertThat(loops.unhealthy())
                .as("a client's reader is not part of node health")
                .doesNotContain(loop.name());
    }

    private void write(String topic, String... values) throws Exception {
        try (Producer<byte[], byte[]> producer =
                clients.producer(KafkaClients.ProducerSpec.reliable("it-app-reader"))) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, value.getBytes(StandardCharsets.UTF_8)))
                        .get();
            }
        }
    }
}
