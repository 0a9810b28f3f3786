package io.relaymq.broker.kafka;

import io.relaymq.common.node.NodeId;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.stereotype.Component;

/** Builds producer and consumer configurations from the node's Kafka settings. */
@Component
public class KafkaClientConfigs {

    private final KafkaProperties kafka;
    private final NodeId nodeId;

    public KafkaClientConfigs(KafkaProperties kafka, NodeId nodeId) {
        this.kafka = kafka;
        this.nodeId = nodeId;
    }

    public Map<String, Object> producer(String purpose, String acks, long lingerMs, int batchSize) {
        Map<String, Object> config = base();
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "relaymq-" + purpose + "-" + nodeId);
        config.put(ProducerConfig.ACKS_CONFIG, acks);
        config.put(ProducerConfig.LINGER_MS_CONFIG, (int) lingerMs);
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, batchSize);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "all".equals(acks) || "-1".equals(acks));
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return config;
    }

    /**
     * A group consumer. A member that vanishes (crashed node) loses its partitions after the session
     * timeout, 10 s by default instead of Kafka's 45 s (override in client-config).
     * <p>
     * It has no automatic offset reset: a partition without a valid committed offset (a new group, a
     * partition added to the topic, offsets that expired or fell out of the log) makes the poll fail, and
     * its {@link ConsumerLoop} logs it and reads the partition from its earliest record instead of
     * skipping to the end. Consumers of control topics that must not act on old records set {@code latest}.
     */
    public Map<String, Object> consumer(String purpose, String groupId, int maxPollRecords) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        config.putAll(base());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "relaymq-" + purpose + "-" + nodeId);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return config;
    }

    /**
     * A group consumer on the message path: its fetches wait up to {@code data-fetch.max-wait} for
     * {@code data-fetch.min-bytes}, so a busy node makes fewer, fuller fetches.
     */
    public Map<String, Object> dataConsumer(String purpose, String groupId, int maxPollRecords) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int)
                kafka.dataFetch().maxWait().toMillis());
        config.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, kafka.dataFetch().minBytes());
        config.putAll(consumer(purpose, groupId, maxPollRecords));
        return config;
    }

    /** A consumer that assigns partitions itself and commits nothing (reads state topics in full). */
    public Map<String, Object> stateReader(String purpose) {
        Map<String, Object> config = base();
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "relaymq-" + purpose + "-" + nodeId);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return config;
    }

    private Map<String, Object> base() {
        Map<String, Object> config = new HashMap<>(kafka.clientConfig());
        config.put("bootstrap.servers", kafka.bootstrapServers());
        return config;
    }
}
