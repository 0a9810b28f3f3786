package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The reader of an APPLICATION client's topic, on real Kafka, survives a failure: it starts again after a
 * pause, at the first record it had not yet handed over. Before, one exception (Kafka away while the topic was
 * created or the committed offset read) ended the reader, and a connected client got nothing more until it
 * connected again.
 */
@RelayMqNodeTest
class AppTopicReaderIT {

    @Autowired
    KafkaClientConfigs configs;

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
        AppTopicReader reader = reader(topic, ensureTopic, handed);
        Thread thread = new Thread(reader, "it-app-reader");
        thread.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> handed.size() >= 3);
            write(topic, "d");
            await().atMost(Duration.ofSeconds(30)).until(() -> handed.size() >= 4);
            assertThat(handed).containsExactly("a", "b", "c", "d");
            assertThat(reader.restarts()).isGreaterThanOrEqualTo(1);
        } finally {
            reader.stop();
            thread.join(10_000);
        }
        assertThat(thread.isAlive()).as("stopped").isFalse();
    }

    private AppTopicReader reader(String topic, Runnable ensureTopic, List<String> handed) {
        Map<String, Object> config = configs.dataConsumer("it-app-reader", "it-app-reader-" + UUID.randomUUID(), 100);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new AppTopicReader(
                "it-client",
                topic,
                config,
                false,
                0,
                new ReadAhead(1000, 1 << 20),
                batch -> batch.forEach(r -> handed.add(new String(r.value(), StandardCharsets.UTF_8))),
                ensureTopic);
    }

    private void write(String topic, String... values) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(configs.producer("it-app-reader", "all", 0, 16384))) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, value.getBytes(StandardCharsets.UTF_8)))
                        .get();
            }
        }
    }
}
