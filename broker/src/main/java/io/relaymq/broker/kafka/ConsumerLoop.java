package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer polled on a thread of its own, kept alive whatever its records do.
 * <ul>
 *   <li>Each poll's records go to the {@link BatchHandler}; a record that fails is retried and then parked
 *       on the dead-letter topic (see {@link Batch}), so one bad record never stops the others.</li>
 *   <li>A group consumer's partition without a valid committed offset is read from its earliest record, with a
 *       warning (see {@link KafkaClientConfigs#consumer}).</li>
 *   <li>Offsets are committed only for a batch the handler finished. A batch it could not finish, because
 *       it asked for it ({@link RetryBatch}: a store is down) or because anything else escaped it, is read
 *       again after a pause; nothing of it is committed.</li>
 *   <li>When the loop itself fails (the consumer throws, a bug outside the handler), the consumer is closed
 *       without committing and a new one starts from the committed offsets, after a growing back-off.</li>
 *   <li>{@link #isHealthy()} is false while the loop is down, a group consumer has not yet joined its group
 *       (so a node is not ready before it can take its share of records), or its batches keep failing for
 *       unexpected reasons; the node's health reports it.</li>
 * </ul>
 * Stop wakes the consumer, waits for the thread, commits what was processed and closes.
 */
public final class ConsumerLoop {

    private static final Logger log = LoggerFactory.getLogger(ConsumerLoop.class);
    private static final int FAILURES_BEFORE_UNHEALTHY = 3;
    private static final long MAX_RESTART_BACKOFF_MILLIS = 30_000;

    /** Thrown by a batch handler that could not finish: the batch is read again, nothing is committed. */
    public static final class RetryBatch extends RuntimeException {

        public RetryBatch(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** What the loop reports about itself. */
    public interface Listener {
        /** The loop failed and will start a new consumer. */
        void restarting(String loop);
    }

    private final String name;
    private final Supplier<Consumer<byte[], byte[]>> consumers;
    private final BatchHandler handler;
    private final boolean commit;
    private final DeadLetters deadLetters;
    private final int maxAttempts;
    private final Duration retryPause;
    private final Listener listener;
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile Consumer<byte[], byte[]> consumer;
    private volatile Thread thread;
    private volatile boolean loopUp;
    private volatile boolean joined;
    private volatile int batchFailures;

    /**
     * @param consumers   creates the consumer, already subscribed or assigned; called again after a failure
     * @param commit      commit offsets (group consumers); false for consumers that assign partitions
     * @param maxAttempts tries of a failing record before it is parked
     * @param retryPause  pause before a batch that could not be finished is read again
     */
    ConsumerLoop(
            String name,
            Supplier<Consumer<byte[], byte[]>> consumers,
            BatchHandler handler,
            boolean commit,
            DeadLetters deadLetters,
            int maxAttempts,
            Duration retryPause,
            Listener listener) {
        this.name = name;
        this.consumers = consumers;
        this.handler = handler;
        this.commit = commit;
        this.deadLetters = deadLetters;
        this.maxAttempts = maxAttempts;
        this.retryPause = retryPause;
        this.listener = listener;
    }

    public String name() {
        return name;
    }

    public void start() {
        running.set(true);
        Thread t = new Thread(this::supervise, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    public void stop() {
        running.set(false);
        Consumer<byte[], byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        Thread t = thread;
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        try {
            // a poll ends at once on wakeup; a pause or back-off needs an interrupt
            t.join(2_000);
            if (t.isAlive()) {
                t.interrupt();
                t.join(8_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean isRunning() {
        return running.get();
    }

    /**
     * False while the consumer is down (between a failure and its restart), a group consumer has not joined its
     * group yet, or its batches keep failing.
     */
    public boolean isHealthy() {
        return !running.get() || (loopUp && joined && batchFailures < FAILURES_BEFORE_UNHEALTHY);
    }

    private void supervise() {
        long backoff = retryPause.toMillis();
        while (running.get()) {
            if (pollUntilStoppedOrFailed()) {
                return;
            }
            if (!running.get()) {
                return;
            }
            listener.restarting(name);
            log.warn("{}: starting a new consumer in {} ms", name, backoff);
            if (!sleep(backoff)) {
                return;
            }
            backoff = Math.min(backoff * 2, MAX_RESTART_BACKOFF_MILLIS);
        }
    }

    /** True when stopped on request, false when the loop failed. */
    private boolean pollUntilStoppedOrFailed() {
        Consumer<byte[], byte[]> c;
        try {
            c = consumers.get();
        } catch (Throwable e) {
            log.error("{}: could not create its Kafka consumer", name, e);
            return false;
        }
        consumer = c;
        joined = false;
        loopUp = true;
        boolean stopped = false;
        try {
            while (running.get()) {
                ConsumerRecords<byte[], byte[]> records;
                try {
                    records = c.poll(Duration.ofMillis(100));
                } catch (InvalidOffsetException e) {
                    OffsetResets.readFromEarliest(name, c, e);
                    continue;
                }
                if (!joined) {
                    // a group member is part of its group once it has a generation (with or without partitions)
                    joined = !commit || c.groupMetadata().generationId() > 0;
                }
                if (!records.isEmpty()) {
                    process(c, records);
                }
            }
            stopped = true;
        } catch (WakeupException | InterruptException e) {
            stopped = !running.get();
            if (!stopped) {
                log.error("{}: consumer interrupted unexpectedly", name, e);
            }
        } catch (Throwable e) {
            log.error("{} failed; nothing more of its current batch is committed", name, e);
        } finally {
            loopUp = false;
            consumer = null;
            // an interrupt that stopped the loop would make the final commit and close fail at once
            Thread.interrupted();
            if (stopped && commit) {
                commitPositions(c);
            }
            closeQuietly(c);
        }
        return stopped;
    }

    private void process(Consumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        try {
            handler.handle(new Batch(name, records, deadLetters, maxAttempts));
        } catch (RetryBatch e) {
            log.warn(
                    "{}: batch of {} records will be read again in {} ms: {}",
                    name,
                    records.count(),
                    retryPause.toMillis(),
                    e.getMessage());
            readAgain(c, records);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            readAgain(c, records);
            return;
        } catch (Throwable e) {
            int failures = ++batchFailures;
            if (failures == 1) {
                log.error("{}: batch of {} records failed and will be read again", name, records.count(), e);
            } else {
                log.warn(
                        "{}: batch of {} records failed again ({} times): {}",
                        name,
                        records.count(),
                        failures,
                        e.toString());
            }
            readAgain(c, records);
            return;
        }
        batchFailures = 0;
        if (commit) {
            c.commitAsync(nextOffsets(records), (offsets, error) -> {
                if (error != null) {
                    log.debug("{}: commit failed (the records may be read again): {}", name, error.getMessage());
                }
            });
        }
    }

    private void readAgain(Consumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        for (TopicPartition partition : records.partitions()) {
            c.seek(partition, records.records(partition).get(0).offset());
        }
        sleep(retryPause.toMillis());
    }

    private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(ConsumerRecords<byte[], byte[]> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> list = records.records(partition);
            offsets.put(
                    partition, new OffsetAndMetadata(list.get(list.size() - 1).offset() + 1));
        }
        return offsets;
    }

    /** Commits the positions reached: every batch before them was finished, or sought back to its start. */
    private void commitPositions(Consumer<byte[], byte[]> c) {
        try {
            Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
            for (TopicPartition partition : c.assignment()) {
                try {
                    positions.put(partition, new OffsetAndMetadata(c.position(partition, Duration.ofSeconds(5))));
                } catch (InvalidOffsetException e) {
                    // no position yet (never read): nothing to commit there
                }
            }
            c.commitSync(positions, Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.debug("{}: final commit failed: {}", name, e.getMessage());
        }
    }

    private void closeQuietly(Consumer<byte[], byte[]> c) {
        try {
            c.close(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.debug("{}: close failed: {}", name, e.getMessage());
        }
    }

    /** False when interrupted (the loop is being stopped). */
    private boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
