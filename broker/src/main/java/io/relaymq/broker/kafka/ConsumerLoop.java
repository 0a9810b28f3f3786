package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer polled on a thread of its own, kept alive whatever its records do: the node's only poll loop
 * (a {@link LoopPlan} says what differs between loops).
 * <ul>
 *   <li>Each poll's records go to the {@link BatchHandler}; a record that fails is retried and then parked
 *       on the dead-letter topic (see {@link Batch}), so one bad record never stops the others.</li>
 *   <li>A group consumer's partition without a valid committed offset is read from its earliest record, with a
 *       warning (see {@link KafkaClients#consumer}).</li>
 *   <li>Offsets are committed only for a batch the handler finished ({@link LoopPlan.Commits}), or by the
 *       plan's {@link PollHooks}. A batch the handler could not finish, because
 *       it asked for it ({@link RetryBatch}: a store is down) or because anything else escaped it, is read
 *       again after a pause; nothing of it is committed.</li>
 *   <li>When the loop itself fails (the consumer throws, a bug outside the handler), the consumer is closed
 *       (committing only what a periodically committing loop had finished) and a new one starts from the
 *       committed offsets, after a growing back-off.</li>
 *   <li>{@link #isHealthy()} is false while the loop is down, a group consumer has not yet joined its group
 *       (so a node is not ready before it can take its share of records), or its batches keep failing for
 *       unexpected reasons; the node's health reports it.</li>
 * </ul>
 * Stop wakes the consumer, waits for the thread, commits what was processed and closes; {@link #requestStop()}
 * does the same without waiting (from an event loop).
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
    interface Listener {
        /** The loop failed and will start a new consumer. */
        void restarting(LoopPlan plan);

        /** The loop's thread ended. */
        void ended(ConsumerLoop loop);
    }

    private final LoopPlan plan;
    private final String name;
    private final BatchCommits commits;
    private final DeadLetters deadLetters;
    private final int maxAttempts;
    private final Duration retryPause;
    private final Listener listener;
    private final AtomicBoolean running = new AtomicBoolean();
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private volatile Consumer<byte[], byte[]> consumer;
    private volatile Thread thread;
    private volatile boolean loopUp;
    private volatile boolean joined;
    private volatile int batchFailures;
    private volatile int restarts;

    /**
     * @param maxAttempts tries of a failing record before it is parked
     * @param retryPause  pause before a batch that could not be finished is read again, and the first back-off
     * @param commitInterval how often a {@link LoopPlan.Commits#PERIODICALLY} loop commits
     */
    ConsumerLoop(
            LoopPlan plan,
            DeadLetters deadLetters,
            int maxAttempts,
            Duration retryPause,
            Duration commitInterval,
            Listener listener) {
        this.plan = plan;
        this.name = plan.name();
        this.commits = new BatchCommits(name, plan.commits(), commitInterval);
        this.deadLetters = deadLetters;
        this.maxAttempts = maxAttempts;
        this.retryPause = retryPause;
        this.listener = listener;
    }

    public String name() {
        return name;
    }

    LoopPlan plan() {
        return plan;
    }

    public void start() {
        running.set(true);
        Thread t = new Thread(this::supervise, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Stops the loop without waiting for it: the consumer commits and closes on the loop's thread. */
    public void requestStop() {
        running.set(false);
        stopRequested.countDown();
        Consumer<byte[], byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    /** Stops the loop and waits until its consumer closed (a handler that does not end is interrupted). */
    public void stop() {
        requestStop();
        Thread t = thread;
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        try {
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

    /** True once the loop's thread ended, its consumer closed. */
    public boolean ended() {
        Thread t = thread;
        return t != null && !t.isAlive();
    }

    /** How often the loop failed and started a new consumer. */
    public int restarts() {
        return restarts;
    }

    /**
     * False while the consumer is down (between a failure and its restart), a group consumer has not joined its
     * group yet, or its batches keep failing.
     */
    public boolean isHealthy() {
        return !running.get() || (loopUp && joined && batchFailures < FAILURES_BEFORE_UNHEALTHY);
    }

    private void supervise() {
        try {
            long backoff = retryPause.toMillis();
            while (running.get()) {
                if (pollUntilStoppedOrFailed() || !running.get()) {
                    return;
                }
                restarts++;
                listener.restarting(plan);
                log.warn("{}: starting a new consumer in {} ms", name, backoff);
                if (!pause(backoff)) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_RESTART_BACKOFF_MILLIS);
            }
        } finally {
            listener.ended(this);
        }
    }

    /** True when stopped on request, false when the loop failed. */
    private boolean pollUntilStoppedOrFailed() {
        Consumer<byte[], byte[]> c;
        try {
            c = plan.consumers().get();
        } catch (Throwable e) {
            log.error("{}: could not create its Kafka consumer", name, e);
            return false;
        }
        consumer = c;
        joined = false;
        loopUp = true;
        boolean stopped = false;
        try {
            if (!running.get()) {
                return true;
            }
            commits.opened(c);
            plan.hooks().opened(c);
            while (running.get()) {
                commits.beforePoll();
                plan.hooks().beforePoll(c);
                ConsumerRecords<byte[], byte[]> records;
                try {
                    records = c.poll(Duration.ofMillis(100));
                } catch (InvalidOffsetException e) {
                    OffsetResets.readFromEarliest(name, c, e);
                    continue;
                }
                if (!joined) {
                    // a group member is part of its group once it has a generation (with or without partitions)
                    joined = !commits.commits() || c.groupMetadata().generationId() > 0;
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
            close(c, stopped);
        }
        return stopped;
    }

    private void close(Consumer<byte[], byte[]> c, boolean stopped) {
        loopUp = false;
        consumer = null;
        // an interrupt that stopped the loop would make the final commit and close fail at once
        Thread.interrupted();
        commits.closing(c, stopped);
        try {
            plan.hooks().closing(c);
        } catch (RuntimeException e) {
            log.warn("{}: last commit before closing failed: {}", name, e.toString());
        }
        try {
            c.close(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.debug("{}: close failed: {}", name, e.getMessage());
        }
    }

    private void process(Consumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        try {
            plan.handler().handle(new Batch(name, plan.kind(), records, deadLetters, maxAttempts));
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
        commits.finished(c, records);
    }

    private void readAgain(Consumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        for (TopicPartition partition : records.partitions()) {
            c.seek(partition, records.records(partition).get(0).offset());
        }
        pause(retryPause.toMillis());
    }

    /** False when the loop is being stopped (a stop request or an interrupt ends the pause at once). */
    private boolean pause(long millis) {
        try {
            return !stopRequested.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
