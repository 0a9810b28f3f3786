package io.relaymq.broker.integration;

import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.routing.IntegrationSink;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.model.IntegrationRecords;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Writes each routed message once per matching enabled integration to {@code relaymq.integration.msg}, keyed by
 * the integration id so one integration's messages keep their order in one partition. The router waits for these
 * writes ({@link #flush()}) and routes its poll again when one failed, so no message committed on
 * {@code relaymq.msg.all} is missing here.
 */
public final class IntegrationProducer implements IntegrationSink, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(IntegrationProducer.class);

    private final Function<String, Set<UUID>> matching;
    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final MqttMetrics metrics;
    private final Clock clock;
    private final AtomicLong failures = new AtomicLong();

    /** @param matching the enabled integrations whose filters match a topic ({@link IntegrationCatalog#matching}) */
    public IntegrationProducer(
            Function<String, Set<UUID>> matching,
            Producer<byte[], byte[]> producer,
            String topic,
            MqttMetrics metrics,
            Clock clock) {
        this.matching = matching;
        this.producer = producer;
        this.topic = topic;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public void offer(PublishedMessage message) {
        Set<UUID> ids = matching.apply(message.topic());
        if (ids.isEmpty()) {
            return;
        }
        long now = clock.millis();
        for (UUID id : ids) {
            byte[] value = IntegrationRecords.message(new IntegrationMessage(id, message, now));
            try {
                producer.send(new ProducerRecord<>(topic, IntegrationRecords.key(id), value), (metadata, error) -> {
                    if (error != null) {
                        failed(id, message, error);
                    }
                });
            } catch (RuntimeException e) {
                failed(id, message, e);
            }
        }
    }

    /**
     * A write that failed otherwise fails the poll, which is routed again. A record Kafka refuses for what it
     * is (larger than Kafka's record limit: the copy is 44 bytes larger than the msg.all record when the topic
     * is short) would fail every time and stall the partition for everyone: it is dropped for this
     * integration, counted and logged.
     */
    private void failed(UUID id, PublishedMessage message, Exception error) {
        if (!refusedForWhatItIs(error)) {
            failures.incrementAndGet();
            metrics.dropped("integration_write_failed", 1);
            log.warn(
                    "message for integration {} not written to {}, the poll is routed again: {}",
                    id,
                    topic,
                    error.getMessage());
            return;
        }
        metrics.dropped("integration_record_refused", 1);
        log.error(
                "[{}] message on {} ({} bytes) refused by Kafka for integration {}, not delivered to it: {}",
                message.publisherId(),
                message.topic(),
                message.payload().length,
                id,
                error.toString());
    }

    private static boolean refusedForWhatItIs(Exception error) {
        return error instanceof RecordTooLargeException
                || error instanceof RecordBatchTooLargeException
                || error instanceof InvalidRecordException;
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public long failures() {
        return failures.get();
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
