package io.relaymq.broker.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the events topic from its end as it is when the reader is made, as an operator's consumer would, and keeps
 * every event by client id (the record key), in the order of the topic.
 */
final class EventReader implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, List<JsonNode>> byClient = new ConcurrentHashMap<>();
    private final List<String> rawValues = new ArrayList<>();

    EventReader(String bootstrapServers, String topic) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumer = new KafkaConsumer<>(config);
        List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        // resolve the end offsets now, so that events made after this point are all read
        partitions.forEach(p -> consumer.position(p, Duration.ofSeconds(30)));
    }

    /** Reads what arrived; call it from an await until the events a test expects are there. */
    void poll() {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
            String key = new String(record.key(), StandardCharsets.UTF_8);
            String value = new String(record.value(), StandardCharsets.UTF_8);
            rawValues.add(value);
            byClient.computeIfAbsent(key, k -> new ArrayList<>()).add(JSON.readTree(record.value()));
        }
    }

    /** The events of {@code clientId} read so far, in order. */
    List<JsonNode> of(String clientId) {
        return List.copyOf(byClient.getOrDefault(clientId, List.of()));
    }

    /** The types of the events of {@code clientId} read so far, in order. */
    List<String> typesOf(String clientId) {
        return of(clientId).stream().map(e -> e.get("type").asString()).toList();
    }

    /** Every value read, as text. */
    List<String> rawValues() {
        return List.copyOf(rawValues);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
