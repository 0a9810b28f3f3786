package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationStatus;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;

/**
 * Writes a message that could not be delivered to the dead-letter topic, with the same key and value as on
 * the messages topic and these headers (values UTF-8 text):
 *
 * <ul>
 *   <li>{@value #ERROR}: why, at most {@value IntegrationStatus#MAX_ERROR_CHARS} characters
 *   <li>{@value #ATTEMPTS}: delivery attempts made (0 when the record could not be read)
 *   <li>{@value #INTEGRATION_NAME}, {@value #INTEGRATION_TYPE}: absent when the record could not be read
 *   <li>{@value #FAILED_AT}: epoch millis
 *   <li>{@value #SOURCE}: topic-partition@offset of the record on the messages topic
 * </ul>
 *
 * {@link #write} returns once Kafka acknowledged the write.
 */
public final class DeadLetters {

    public static final String ERROR = "relaymq.error";
    public static final String ATTEMPTS = "relaymq.attempts";
    public static final String INTEGRATION_NAME = "relaymq.integration.name";
    public static final String INTEGRATION_TYPE = "relaymq.integration.type";
    public static final String FAILED_AT = "relaymq.failed.at";
    public static final String SOURCE = "relaymq.source";

    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final Duration timeout;
    private final Clock clock;

    public DeadLetters(Producer<byte[], byte[]> producer, String topic, Duration timeout, Clock clock) {
        this.producer = producer;
        this.topic = topic;
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Writes and waits for the acknowledgement; throws when Kafka did not acknowledge in time. */
    void write(ConsumerRecord<byte[], byte[]> record, String error, int attempts, IntegrationDefinition definition)
            throws DeadLetterException {
        ProducerRecord<byte[], byte[]> out = new ProducerRecord<>(topic, null, record.key(), record.value());
        Headers h = out.headers();
        put(h, ERROR, IntegrationStatus.cap(error == null ? "unknown" : error, IntegrationStatus.MAX_ERROR_CHARS));
        put(h, ATTEMPTS, Integer.toString(attempts));
        if (definition != null) {
            put(h, INTEGRATION_NAME, IntegrationStatus.cap(definition.name(), 256));
            put(h, INTEGRATION_TYPE, definition.type().name());
        }
        put(h, FAILED_AT, Long.toString(clock.millis()));
        put(h, SOURCE, record.topic() + "-" + record.partition() + "@" + record.offset());
        try {
            producer.send(out).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new DeadLetterException("dead-letter write failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new DeadLetterException("dead-letter write not acknowledged within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeadLetterException("interrupted while writing a dead letter", e);
        }
    }

    private static void put(Headers headers, String name, String value) {
        headers.add(name, value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8));
    }

    /** Kafka did not acknowledge a dead letter; the record stays unfinished and is tried again. */
    static final class DeadLetterException extends Exception {
        DeadLetterException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
