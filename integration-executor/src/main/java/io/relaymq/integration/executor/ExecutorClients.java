package io.relaymq.integration.executor;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Builds the executor's Kafka clients from its settings. */
public final class ExecutorClients {

    private final IntegrationExecutorProperties properties;

    public ExecutorClients(IntegrationExecutorProperties properties) {
        this.properties = properties;
    }

    public Admin admin() {
        Map<String, Object> config = base("admin");
        int timeout = (int) properties.apiTimeout().toMillis();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout);
        return Admin.create(config);
    }

    /** A producer for dead letters and status records: acknowledged by all in-sync replicas, idempotent. */
    public KafkaProducer<byte[], byte[]> producer() {
        Map<String, Object> config = base("producer");
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                (int) properties.apiTimeout().toMillis() + 5_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int)
                properties.apiTimeout().toMillis());
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** The group consumer of the messages topic: offsets committed by the executor only. */
    public KafkaConsumer<byte[], byte[]> messagesConsumer() {
        Map<String, Object> config = base("messages");
        config.put(ConsumerConfig.GROUP_ID_CONFIG, properties.consumerGroup());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Math.min(500, properties.maxBufferedRecords()));
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** A consumer without a group for the definitions topic, which is read from its start. */
    public KafkaConsumer<byte[], byte[]> definitionsConsumer() {
        Map<String, Object> config = base("definitions");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private Map<String, Object> base(String role) {
        Map<String, Object> config = new HashMap<>(properties.clientConfig());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, properties.bootstrapServers());
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "relaymq-integration-" + properties.executorId() + "-" + role);
        return config;
    }
}
