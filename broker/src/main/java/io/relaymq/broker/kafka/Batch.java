package io.relaymq.broker.kafka;

import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * One poll's records as a {@link BatchHandler} sees them. A record whose processing fails (by any
 * exception or error, a stack overflow included) is tried again up to the loop's attempt limit; one that
 * still fails is parked on the dead-letter topic with the reason, and processing goes on with the next
 * record. A record is never skipped without being parked.
 */
public final class Batch {

    private final String consumer;
    private final String kind;
    private final ConsumerRecords<byte[], byte[]> records;
    private final DeadLetters deadLetters;
    private final int maxAttempts;

    Batch(
            String consumer,
            String kind,
            ConsumerRecords<byte[], byte[]> records,
            DeadLetters deadLetters,
            int maxAttempts) {
        this.consumer = consumer;
        this.kind = kind;
        this.records = records;
        this.deadLetters = deadLetters;
        this.maxAttempts = maxAttempts;
    }

    public ConsumerRecords<byte[], byte[]> records() {
        return records;
    }

    public int count() {
        return records.count();
    }

    /** Processes every record in order; records that keep failing are parked. */
    public void each(RecordProcessor<?> processor) {
        for (ConsumerRecord<byte[], byte[]> record : records) {
            attempt(record, processor);
        }
    }

    /**
     * Processes one record and returns what the processor made of it; empty when it made nothing or the
     * record was parked because it kept failing.
     *
     * @throws ConsumerLoop.RetryBatch when the processor asked for it, or the record could not be parked
     */
    public <T> Optional<T> attempt(ConsumerRecord<byte[], byte[]> record, RecordProcessor<T> processor) {
        Throwable last = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            try {
                return Optional.ofNullable(processor.process(record));
            } catch (ConsumerLoop.RetryBatch e) {
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ConsumerLoop.RetryBatch("interrupted", e);
            } catch (Throwable e) {
                last = e;
            }
        }
        deadLetters.park(consumer, kind, record, last);
        return Optional.empty();
    }
}
