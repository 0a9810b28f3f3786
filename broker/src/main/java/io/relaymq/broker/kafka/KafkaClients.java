package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.relaymq.common.node.NodeId;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The one place where the node creates Kafka clients: every producer, consumer and admin client gets the
 * connection settings ({@code relaymq.kafka.bootstrap-servers} and {@code client-config}), a client id naming
 * its purpose and node, byte-array serialisation and the defaults of its kind. Producers are bound to the
 * meter registry ({@code kafka.producer.*}, tagged with their client id) for the node's lifetime; consumers are
 * measured through the {@link ConsumerLoop} that runs them. Whoever asks for a client closes it.
 */
@Component
public class KafkaClients implements DisposableBean {

    /**
     * What a producer is for.
     *
     * @param purpose   names the client ({@code relaymq-<purpose>-<node>})
     * @param acks      {@code all}, {@code 1} or {@code 0}; {@code all} also makes the producer idempotent
     * @param lingerMs  how long a batch waits for more records
     * @param batchSize bytes per partition batch
     * @param maxBlock  bound of a {@code send} that waits for metadata or buffer space; {@code null} keeps
     *                  Kafka's default (60 s), a caller on an event loop sets a short one
     */
    public record ProducerSpec(String purpose, String acks, long lingerMs, int batchSize, Duration maxBlock) {

        /** Acknowledged by every in-sync replica, sent at once: control and state records. */
        public static ProducerSpec reliable(String purpose) {
            return new ProducerSpec(purpose, "all", 0, 16384, null);
        }

        public ProducerSpec blockingAtMost(Duration bound) {
            return new ProducerSpec(purpose, acks, lingerMs, batchSize, bound);
        }
    }

    /** Where a group consumer starts on a partition without a valid committed offset. */
    public enum Start {
        /** Nowhere: the poll fails and its {@link ConsumerLoop} reads the partition from the start, with a warning. */
        FAIL,
        /** The first record the partition holds. */
        EARLIEST,
        /** The end: a control topic whose old records must not be acted on. */
        LATEST
    }

    private final KafkaProperties kafka;
    private final NodeId nodeId;
    private final MeterRegistry meters;
    private final ScheduledExecutorService meterRefresh;
    private final List<KafkaClientMetrics> bound = new CopyOnWriteArrayList<>();

    public KafkaClients(KafkaProperties kafka, NodeId nodeId, MeterRegistry meters) {
        this.kafka = kafka;
        this.nodeId = nodeId;
        this.meters = meters;
        this.meterRefresh = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kafka-client-meters");
            t.setDaemon(true);
            return t;
        });
    }

    /** A producer, measured for the node's lifetime. */
    public Producer<byte[], byte[]> producer(ProducerSpec spec) {
        KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig(spec));
        KafkaClientMetrics metrics = new KafkaClientMetrics(producer, List.of(), meterRefresh);
        metrics.bindTo(meters);
        bound.add(metrics);
        return producer;
    }

    /**
     * A member of {@code group} for the control path: it fetches at once. A member that vanishes (crashed node)
     * loses its partitions after the session timeout, 10 s by default instead of Kafka's 45 s (override in
     * client-config). It never commits by itself; its {@link ConsumerLoop} commits what it finished.
     */
    public Consumer<byte[], byte[]> groupConsumer(String purpose, String group, int maxPollRecords, Start start) {
        return new KafkaConsumer<>(groupConfig(purpose, group, maxPollRecords, start));
    }

    /**
     * A group member on the message path: its fetches wait up to {@code data-fetch.max-wait} for
     * {@code data-fetch.min-bytes}, so a busy node makes fewer, fuller fetches.
     */
    public Consumer<byte[], byte[]> dataConsumer(String purpose, String group, int maxPollRecords, Start start) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int)
                kafka.dataFetch().maxWait().toMillis());
        config.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, kafka.dataFetch().minBytes());
        config.putAll(groupConfig(purpose, group, maxPollRecords, start));
        return new KafkaConsumer<>(config);
    }

    /** A consumer in no group that assigns partitions itself and commits nothing (reads a topic in full). */
    public Consumer<byte[], byte[]> reader(String purpose) {
        Map<String, Object> config = base();
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(purpose));
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return new KafkaConsumer<>(config);
    }

    /** The node's admin client; every call bounded by {@code api-timeout}. */
    public Admin admin() {
        Map<String, Object> config = base();
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId("admin"));
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int)
                kafka.apiTimeout().toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int)
                Math.min(kafka.apiTimeout().toMillis(), 30_000));
        return Admin.create(config);
    }

    /** How long after a send its record may still be written: Kafka's {@code delivery.timeout.ms}. */
    public Duration deliveryTimeout() {
        Object configured = kafka.clientConfig() == null
                ? null
                : kafka.clientConfig().get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        return Duration.ofMillis(configured == null ? 120_000 : Long.parseLong(String.valueOf(configured)));
    }

    Map<String, Object> producerConfig(ProducerSpec spec) {
        Map<String, Object> config = base();
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId(spec.purpose()));
        config.put(ProducerConfig.ACKS_CONFIG, spec.acks());
        config.put(ProducerConfig.LINGER_MS_CONFIG, (int) spec.lingerMs());
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, spec.batchSize());
        boolean all = "all".equals(spec.acks()) || "-1".equals(spec.acks());
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, all);
        if (spec.maxBlock() != null) {
            config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) spec.maxBlock().toMillis());
        }
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return config;
    }

    private Map<String, Object> groupConfig(String purpose, String group, int maxPollRecords, Start start) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        config.putAll(base());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(purpose));
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                start == Start.FAIL ? "none" : start.name().toLowerCase(Locale.ROOT));
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return config;
    }

    private String clientId(String purpose) {
        return "relaymq-" + purpose + "-" + nodeId;
    }

    private Map<String, Object> base() {
        Map<String, Object> config = new HashMap<>();
        if (kafka.clientConfig() != null) {
            config.putAll(kafka.clientConfig());
        }
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        return config;
    }

    @Override
    public void destroy() {
        bound.forEach(KafkaClientMetrics::close);
        meterRefresh.shutdownNow();
    }
}
