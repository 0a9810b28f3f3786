package io.relaymq.broker.cluster;

import io.micrometer.core.instrument.Counter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confirmed writes to one state topic: every update is sent again, with growing pauses, until Kafka
 * acknowledges it, unless a newer update of the same key has been written meanwhile (the newest value
 * per key wins; an older value is never sent after a newer one). Failures are counted and logged once
 * per burst. A value Kafka can never take (too large, an invalid record) is dropped after one ERROR line:
 * retrying it would hold its key's slot and the shutdown flush for nothing. At shutdown {@link #flush}
 * waits a bounded time for what is still unacknowledged.
 */
public final class StateTopicWriter {

    private static final Logger log = LoggerFactory.getLogger(StateTopicWriter.class);

    /** One value waiting for its acknowledgement; identity tells a retry whether it is still the newest. */
    private record Pending(byte[] value, List<Header> headers, int attempt) {}

    private final String topic;
    private final Producer<byte[], byte[]> producer;
    private final ScheduledExecutorService retries;
    private final Duration backoff;
    private final Duration maxBackoff;
    private final Counter failures;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Object sending = new Object();
    private final Object drained = new Object();
    private final AtomicInteger failuresInBurst = new AtomicInteger();
    private volatile boolean closed;

    public StateTopicWriter(
            String topic,
            Producer<byte[], byte[]> producer,
            ScheduledExecutorService retries,
            Duration backoff,
            Duration maxBackoff,
            Counter failures) {
        this.topic = topic;
        this.producer = producer;
        this.retries = retries;
        this.backoff = backoff;
        this.maxBackoff = maxBackoff;
        this.failures = failures;
    }

    /** Sends the newest value of {@code key} (null = tombstone) and keeps sending it until it is stored. */
    public void write(String key, byte[] value, List<Header> headers) {
        synchronized (sending) {
            Pending next = new Pending(value, headers, 0);
            pending.put(key, next);
            send(key, next);
        }
    }

    /** Like {@link #write}, but only when no write of {@code key} is waiting for its acknowledgement. */
    public boolean writeIfIdle(String key, byte[] value, List<Header> headers) {
        synchronized (sending) {
            if (pending.containsKey(key)) {
                return false;
            }
            write(key, value, headers);
            return true;
        }
    }

    /** Updates not yet acknowledged by Kafka. */
    public int pending() {
        return pending.size();
    }

    /** Waits up to {@code bound} until every update is acknowledged; returns how many are still pending. */
    public int flush(Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        synchronized (drained) {
            long left = deadline - System.nanoTime();
            while (!pending.isEmpty() && left > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(drained, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                left = deadline - System.nanoTime();
            }
        }
        return pending.size();
    }

    /** No more retries: the producer is about to close. */
    public void close() {
        closed = true;
        if (!pending.isEmpty()) {
            log.warn("{} updates of {} were not stored in Kafka before shutdown", pending.size(), topic);
        }
    }

    private void send(String key, Pending value) {
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(topic, null, key.getBytes(StandardCharsets.UTF_8), value.value(), value.headers());
        try {
            producer.send(record, (metadata, error) -> completed(key, value, error));
        } catch (RuntimeException e) {
            completed(key, value, e);
        }
    }

    private void completed(String key, Pending value, Exception error) {
        if (error == null) {
            if (pending.remove(key, value) && pending.isEmpty()) {
                synchronized (drained) {
                    drained.notifyAll();
                }
            }
            int failed = failuresInBurst.getAndSet(0);
            if (failed > 0) {
                log.info("updates of {} are stored in Kafka again after {} failed attempts", topic, failed);
            }
            return;
        }
        failures.increment();
        if (neverAccepted(error)) {
            // sending it again cannot help: the value stays unreplicated, and the key is free for newer values
            if (pending.remove(key, value) && pending.isEmpty()) {
                synchronized (drained) {
                    drained.notifyAll();
                }
            }
            log.error(
                    "update of {} for key {} rejected by Kafka for good ({} bytes): not retried",
                    topic,
                    key,
                    value.value() == null ? 0 : value.value().length,
                    error);
            return;
        }
        if (failuresInBurst.getAndIncrement() == 0) {
            log.warn("update of {} for key {} not stored in Kafka, retrying until it is", topic, key, error);
        }
        Pending again = new Pending(value.value(), value.headers(), value.attempt() + 1);
        if (closed || !pending.replace(key, value, again)) {
            return; // shutting down, or a newer value of the key was written meanwhile
        }
        retries.schedule(() -> retry(key, again), pause(again.attempt()), TimeUnit.MILLISECONDS);
    }

    private void retry(String key, Pending value) {
        synchronized (sending) {
            if (!closed && pending.get(key) == value) {
                send(key, value);
            }
        }
    }

    /** A failure that depends on the value itself (too large, or a record the broker refuses), not on Kafka's health. */
    static boolean neverAccepted(Exception error) {
        return error instanceof RecordTooLargeException || error instanceof InvalidRecordException;
    }

    /** The pause before attempt {@code attempt} (1 = first retry): doubles from the back-off to its cap. */
    long pause(int attempt) {
        long millis = backoff.toMillis() << Math.min(attempt - 1, 20);
        return Math.min(Math.max(millis, 1), maxBackoff.toMillis());
    }
}
