package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.RouteSource;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.OutboundMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Produces messages for persistent DEVICE subscribers to {@code relaymq.msg.persisted} (key = subscriber
 * client id, so one client's messages stay in order and are saved by one consumer). The router of
 * {@code relaymq.msg.all} calls {@link #flush()} and compares {@link #failures()} before it commits, so
 * a message is never acknowledged upstream before it is safely on its way to the store.
 */
public class PersistedProducer implements PersistedSink, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(PersistedProducer.class);

    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final MqttMetrics metrics;
    private final AtomicLong failures = new AtomicLong();

    public PersistedProducer(
            DevicePersistenceProperties.Kafka settings,
            KafkaClients clients,
            TopicProvisioner topics,
            MqttMetrics metrics) {
        this.topic = settings.topic();
        this.metrics = metrics;
        topics.ensure(topic, settings.partitions(), settings.replicationFactor(), settings.retention());
        // bounded like the msg.all producer: a Kafka outage must not stall a router thread for a minute
        this.producer = clients.producer(
                new KafkaClients.ProducerSpec("msg-persisted", settings.acks(), 1, 65536, Duration.ofSeconds(2)));
    }

    /** A producer of {@code topic} on a given Kafka producer; the topic exists already. */
    public PersistedProducer(String topic, Producer<byte[], byte[]> producer, MqttMetrics metrics) {
        this.topic = topic;
        this.producer = producer;
        this.metrics = metrics;
    }

    /**
     * DEVICE: to {@code relaymq.msg.persisted} (key = client id), then to Redis. APPLICATION: straight to the
     * client's own topic ({@link AppTopicNames#forClient}), which its session reads.
     */
    @Override
    public void persist(String clientId, boolean application, OutboundMessage message) {
        persist(clientId, application, message, null);
    }

    /** As above; the record carries the message's {@link RouteSource} as a header when it has one. */
    @Override
    public void persist(String clientId, boolean application, OutboundMessage message, RouteSource source) {
        String target = application ? AppTopicNames.forClient(clientId) : topic;
        byte[] key = application ? null : clientId.getBytes(StandardCharsets.UTF_8);
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(target, key, OutboundMessageCodec.encode(message));
        if (source != null) {
            source.addTo(record.headers());
        }
        try {
            producer.send(record, (metadata, error) -> {
                if (error != null) {
                    failed(clientId, error);
                }
            });
        } catch (RuntimeException e) {
            failed(clientId, e);
        }
    }

    @Override
    public void persistShared(String filter, OutboundMessage message) {
        try {
            producer.send(
                    new ProducerRecord<>(
                            AppTopicNames.forSharedFilter(filter),
                            message.message().topic().getBytes(StandardCharsets.UTF_8),
                            OutboundMessageCodec.encode(message)),
                    (metadata, error) -> {
                        if (error != null) {
                            failed("$share/" + filter, error);
                        }
                    });
        } catch (RuntimeException e) {
            failed("$share/" + filter, e);
        }
    }

    private void failed(String clientId, Exception error) {
        failures.incrementAndGet();
        metrics.dropped("persist_failed", 1);
        log.warn("[{}] message for the persistent session not written: {}", clientId, error.getMessage());
    }

    /** Failed sends so far; a change across a batch means that batch must be routed again. */
    @Override
    public long failures() {
        return failures.get();
    }

    /** Waits until every message sent so far is acknowledged or failed. */
    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
