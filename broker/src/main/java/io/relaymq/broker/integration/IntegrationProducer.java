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
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
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

    private final IntegrationCatalog catalog;
    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final MqttMetrics metrics;
    private final Clock clock;
    private final AtomicLong failures = new AtomicLong();

    public IntegrationProducer(
            IntegrationCatalog catalog,
            Producer<byte[], byte[]> producer,
            String topic,
            MqttMetrics metrics,
            Clock clock) {
        this.catalog = catalog;
        this.producer = producer;
        this.topic = topic;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public void offer(PublishedMessage message) {
        if (catalog.isEmpty()) {
            return;
        }
        Set<UUID> ids = catalog.matching(message.topic());
        if (ids.isEmpty()) {
            return;
        }
        long now = clock.millis();
        for (UUID id : ids) {
            byte[] value = IntegrationRecords.message(new IntegrationMessage(id, message, now));
            try {
                producer.send(new ProducerRecord<>(topic, IntegrationRecords.key(id), value), (metadata, error) -> {
                    if (error != null) {
                        failed(id, error);
                    }
                });
            } catch (RuntimeException e) {
                failed(id, e);
            }
        }
    }

    private void failed(UUID id, Exception error) {
        failures.incrementAndGet();
        metrics.dropped("integration_write_failed", 1);
        log.warn("message for integration {} not written to {}: {}", id, topic, error.getMessage());
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
