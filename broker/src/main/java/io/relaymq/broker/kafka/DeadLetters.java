package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * The dead-letter topic: a record that a consumer failed to process again and again is written here
 * (its key and value unchanged, where it came from and why in headers), counted in
 * {@code relaymq.kafka.dead.letters}, and logged once with the error, so the consumer can go on and
 * commit past it without losing it. An operator can read it back and replay it.
 */
public class DeadLetters implements DisposableBean {

    public static final String SOURCE_TOPIC = "relaymq.dlq.topic";
    public static final String SOURCE_PARTITION = "relaymq.dlq.partition";
    public static final String SOURCE_OFFSET = "relaymq.dlq.offset";
    public static final String CONSUMER = "relaymq.dlq.consumer";
    public static final String ERROR = "relaymq.dlq.error";
    public static final String VALUE_DROPPED = "relaymq.dlq.value-dropped";

    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);
    private static final int MAX_ERROR_LENGTH = 1000;
    /** Larger values are parked without their value (the headers still say where to find it). */
    private static final int MAX_VALUE_BYTES = 900 * 1024;

    private final String topic;
    private final Duration timeout;
    private final Producer<byte[], byte[]> producer;
    private final MeterRegistry meters;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    public DeadLetters(KafkaProperties kafka, KafkaClients clients, TopicProvisioner topics, MeterRegistry meters) {
        KafkaProperties.DeadLetter settings = kafka.deadLetter();
        this.topic = settings.topic();
        this.timeout = kafka.apiTimeout();
        this.meters = meters;
        topics.ensure(topic, settings.partitions(), settings.replicationFactor(), settings.retention());
        this.producer = clients.producer(
                KafkaClients.ProducerSpec.reliable("dead-letters").blockingAtMost(timeout));
    }

    /**
     * Parks {@code record}, which {@code consumer} could not process because of {@code error}, and returns
     * once Kafka has stored it.
     *
     * @param consumer names the loop in the log line and the record's headers
     * @param kind     the loop's kind, the counter's {@code consumer} tag (one value for all loops of a kind)
     * @throws ConsumerLoop.RetryBatch when it could not be stored: the consumer must not commit past it
     */
    public void park(String consumer, String kind, ConsumerRecord<byte[], byte[]> record, Throwable error) {
        log.error(
                "{}: record {}-{}@{} failed every attempt and is parked on {}",
                consumer,
                record.topic(),
                record.partition(),
                record.offset(),
                topic,
                error);
        RecordHeaders headers = new RecordHeaders();
        headers.add(SOURCE_TOPIC, bytes(record.topic()));
        headers.add(SOURCE_PARTITION, bytes(Integer.toString(record.partition())));
        headers.add(SOURCE_OFFSET, bytes(Long.toString(record.offset())));
        headers.add(CONSUMER, bytes(consumer));
        headers.add(ERROR, bytes(describe(error)));
        byte[] value = record.value();
        if (value != null && value.length > MAX_VALUE_BYTES) {
            headers.add(VALUE_DROPPED, bytes(Integer.toString(value.length)));
            value = null;
        }
        try {
            producer.send(new ProducerRecord<>(topic, null, record.key(), value, headers))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConsumerLoop.RetryBatch("interrupted while parking a record", e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw new ConsumerLoop.RetryBatch("could not park a failing record on " + topic + ": " + e, e);
        }
        counters.computeIfAbsent(
                        kind,
                        c -> Counter.builder("relaymq.kafka.dead.letters")
                                .description("records a consumer could not process and parked on the dead-letter topic")
                                .tag("consumer", c)
                                .register(meters))
                .increment();
    }

    public String topic() {
        return topic;
    }

    private static String describe(Throwable error) {
        String text = error == null ? "unknown" : error.getClass().getName() + ": " + error.getMessage();
        return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
