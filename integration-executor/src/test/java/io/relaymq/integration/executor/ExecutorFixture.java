package io.relaymq.integration.executor;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationStatusRecords;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.TargetFactory;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Executors against the test stack's Kafka, on topics and a consumer group of their own (a random suffix), so
 * test classes do not see each other's records. Writes definitions and routed messages the way the broker
 * does, and reads back dead letters and status records. Closes every executor it started.
 */
public final class ExecutorFixture implements AutoCloseable {

    private final String bootstrap;
    private final String suffix = UUID.randomUUID().toString().substring(0, 8);
    private final JsonMapper mapper = JsonMapper.builder().build();
    private final IntegrationRecords records = new IntegrationRecords(mapper);
    private final KafkaProducer<byte[], byte[]> producer;
    private final List<IntegrationExecutor> executors = new ArrayList<>();
    private final Map<String, SimpleMeterRegistry> meters = new ConcurrentHashMap<>();

    public ExecutorFixture(StackEndpoints stack) {
        this.bootstrap = stack.kafkaBootstrapServers();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        try (var admin = new ExecutorClients(properties("fixture")).admin()) {
            new ExecutorTopics(admin, properties("fixture")).ensureAll();
        }
    }

    public JsonMapper mapper() {
        return mapper;
    }

    /** The settings of an executor of this fixture: 3 partitions, 4 threads, status every 300 ms. */
    public IntegrationExecutorProperties properties(String executorId) {
        return new IntegrationExecutorProperties(
                true,
                bootstrap,
                Map.of(),
                Duration.ofSeconds(10),
                executorId,
                "it-executor-" + suffix,
                new IntegrationExecutorProperties.Topics(
                        "it-integrations-" + suffix,
                        "it-integration-msg-" + suffix,
                        "it-integration-dlq-" + suffix,
                        "it-integration-status-" + suffix),
                3,
                1,
                Duration.ofHours(1),
                4,
                Duration.ofMillis(300),
                1000,
                Duration.ofSeconds(10),
                1000,
                Duration.ofSeconds(10));
    }

    public IntegrationExecutorProperties.Topics topics() {
        return properties("x").topics();
    }

    /** Starts an executor with these target factories (topics are created on the first start). */
    public IntegrationExecutor start(String executorId, List<? extends TargetFactory> factories) {
        IntegrationExecutor executor = new IntegrationExecutor(
                properties(executorId), new Targets(factories), mapper, meters(executorId), Clock.systemUTC());
        executor.start();
        executors.add(executor);
        return executor;
    }

    /** The meters of the executor started with {@code executorId}. */
    public SimpleMeterRegistry meters(String executorId) {
        return meters.computeIfAbsent(executorId, id -> new SimpleMeterRegistry());
    }

    public IntegrationDefinition define(
            UUID id, String name, IntegrationType type, boolean enabled, JsonNode config, long version) {
        IntegrationDefinition d = new IntegrationDefinition(id, name, type, enabled, List.of("#"), config, version);
        send(topics().definitions(), IntegrationRecords.key(id), records.definition(d));
        return d;
    }

    public void remove(UUID id) {
        send(topics().definitions(), IntegrationRecords.key(id), null);
    }

    /** Routes a message with {@code payload} (UTF-8) on {@code topic} to integration {@code id}. */
    public void route(UUID id, String topic, String payload) {
        PublishedMessage m = new PublishedMessage(
                topic,
                1,
                false,
                payload.getBytes(StandardCharsets.UTF_8),
                "it-publisher",
                System.currentTimeMillis(),
                MessageProperties.NONE);
        send(
                topics().messages(),
                IntegrationRecords.key(id),
                IntegrationRecords.message(new IntegrationMessage(id, m, System.currentTimeMillis())));
    }

    /** Writes a record as is to the messages topic (for poison records). */
    public void routeRaw(byte[] key, byte[] value) {
        send(topics().messages(), key, value);
    }

    public void flush() {
        producer.flush();
    }

    /** Every record of the dead-letter topic so far. */
    public List<ConsumerRecord<byte[], byte[]>> deadLetters() {
        return readAll(topics().deadLetters());
    }

    /** The newest status per key ({@code integrationId/executorId}) on the status topic; removed keys absent. */
    public Map<String, IntegrationStatus> statuses() {
        IntegrationStatusRecords codec = new IntegrationStatusRecords(mapper);
        Map<String, IntegrationStatus> out = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> r : readAll(topics().status())) {
            String key = new String(r.key(), StandardCharsets.UTF_8);
            if (r.value() == null) {
                out.remove(key);
            } else {
                out.put(key, codec.value(r.value()));
            }
        }
        return out;
    }

    private List<ConsumerRecord<byte[], byte[]>> readAll(String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c =
                new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<PartitionInfo> infos = c.partitionsFor(topic);
            if (infos == null || infos.isEmpty()) {
                return out;
            }
            List<TopicPartition> partitions = infos.stream()
                    .map(i -> new TopicPartition(topic, i.partition()))
                    .toList();
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = c.endOffsets(partitions);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (partitions.stream().anyMatch(tp -> c.position(tp) < end.get(tp)) && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    private void send(String topic, byte[] key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot write to " + topic, e);
        }
    }

    /** A header of a record as text; null when absent. */
    public static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        var h = record.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        executors.forEach(IntegrationExecutor::close);
        producer.close(Duration.ofSeconds(5));
    }
}
