package io.relaymq.integration.target.kafka;

import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each message as one record and waits for the acknowledgement. The producer is made by the first send (and
 * again after one that broke it), so a bootstrap host that does not resolve yet is a retryable send failure rather
 * than a failed open. The producer's own bounds (blocking for
 * metadata, request and delivery timeouts) all equal {@code requestTimeoutMs}; the wait for the acknowledgement
 * takes what is left of it, so one send gives up within that time (plus the producer's tick).
 */
final class KafkaTarget implements Target {

    private static final Logger log = LoggerFactory.getLogger(KafkaTarget.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Supplier<Producer<byte[], byte[]>> producers;
    private final KafkaRecords records;
    private final long timeoutMillis;
    private Producer<byte[], byte[]> producer;

    KafkaTarget(Supplier<Producer<byte[], byte[]>> producers, KafkaRecords records, long timeoutMillis) {
        this.producers = producers;
        this.records = records;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void send(IntegrationMessage message) throws DeliveryException {
        ProducerRecord<byte[], byte[]> record = records.record(message);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try {
            if (producer == null) {
                producer = producers.get();
            }
            Future<RecordMetadata> ack = producer.send(record);
            ack.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw failed(e.getCause(), record.topic());
        } catch (TimeoutException e) {
            throw new DeliveryException(
                    "Kafka did not acknowledge the record for topic " + record.topic() + " within " + timeoutMillis
                            + " ms",
                    true,
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted while sending to topic " + record.topic(), true, e);
        } catch (RuntimeException e) {
            throw failed(e, record.topic());
        }
    }

    private DeliveryException failed(Throwable failure, String topic) {
        if (KafkaFailures.breaksProducer(failure)) {
            log.warn("Kafka producer failed; replacing it before the next send", failure);
            closeProducer();
        }
        return KafkaFailures.classify(failure, topic);
    }

    @Override
    public void close() {
        closeProducer();
    }

    private void closeProducer() {
        if (producer == null) {
            return;
        }
        try {
            producer.close(CLOSE_TIMEOUT);
        } catch (RuntimeException e) {
            log.warn("closing the Kafka producer failed", e);
        }
        producer = null;
    }
}
