package io.relaymq.broker.support;

import static org.awaitility.Awaitility.await;

import io.relaymq.broker.kafka.KafkaClients;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/** Reads the dead-letter topic for the records a test expects to be parked there. */
public final class ParkedRecords {

    private ParkedRecords() {}

    /** The records of {@code topic} that match, read from its start until some match (at most 30 s). */
    public static List<ConsumerRecord<byte[], byte[]>> find(
            KafkaClients clients, String topic, Predicate<ConsumerRecord<byte[], byte[]>> match) {
        try (Consumer<byte[], byte[]> consumer =
                clients.groupConsumer("it-dlq", "it-dlq-" + UUID.randomUUID(), 500, KafkaClients.Start.EARLIEST)) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<byte[], byte[]>> found = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (match.test(r)) {
                        found.add(r);
                    }
                });
                return !found.isEmpty();
            });
            return found;
        }
    }

    /** A header's value as text; null when the record has none. */
    public static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        Header header = record.headers().lastHeader(key);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
