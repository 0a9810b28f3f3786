package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.RetrySettings;
import io.relaymq.integration.target.DeliveryException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One lane per integration: its records are handled one at a time in the order they were read, while lanes
 * run in parallel on a bounded pool. A retry is a scheduled task, so a waiting lane holds no thread. Records
 * that could not be read share one lane that only dead-letters them. Lanes are added and purged by the poll
 * thread only.
 */
final class Lanes {

    private static final Logger log = LoggerFactory.getLogger(Lanes.class);
    private static final UUID UNREADABLE = new UUID(0, 0);
    private static final int RUN_LENGTH = 64;
    private static final Duration KAFKA_RETRY = Duration.ofSeconds(1);
    /** Compared by identity: the record is dropped without being finished. */
    private static final Duration ABANDONED = Duration.ofNanos(-1);

    private final ScheduledExecutorService pool;
    private final DefinitionsReplica definitions;
    private final TargetKeeper targets;
    private final DeadLetters deadLetters;
    private final StatusBoard board;
    private final Duration catchUpTimeout;
    private final Clock clock;
    private final Map<UUID, Lane> lanes = new HashMap<>();
    private volatile boolean stopped;

    Lanes(
            ScheduledExecutorService pool,
            DefinitionsReplica definitions,
            TargetKeeper targets,
            DeadLetters deadLetters,
            StatusBoard board,
            Duration catchUpTimeout,
            Clock clock) {
        this.pool = pool;
        this.definitions = definitions;
        this.targets = targets;
        this.deadLetters = deadLetters;
        this.board = board;
        this.catchUpTimeout = catchUpTimeout;
        this.clock = clock;
    }

    /** Hands a record to its integration's lane (poll thread only). */
    void offer(Pending pending) {
        UUID id = pending.message() == null ? UNREADABLE : pending.message().integrationId();
        lanes.computeIfAbsent(id, Lane::new).offer(pending);
    }

    /** Forgets lanes with nothing to do (poll thread only). */
    void purgeIdle() {
        lanes.values().removeIf(Lane::idle);
    }

    void stop() {
        stopped = true;
    }

    /**
     * Waits, at most {@code timeout} in all, until no lane is in an attempt on a record of {@code leaving}
     * (poll thread only). Called once those partitions are revoked, so no new attempt starts on them: what
     * finishes meanwhile can still be committed, and the next owner does not deliver alongside this one.
     */
    void awaitAttempts(Collection<PartitionProgress> leaving, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Lane lane : lanes.values()) {
            PartitionProgress busy = lane.attempting;
            if (busy == null || !leaving.contains(busy)) {
                continue;
            }
            try {
                if (lane.attempt.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    lane.attempt.unlock();
                } else {
                    log.warn("integration {}: attempt still running when its partition was revoked", lane.id);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private final class Lane {
        private final UUID id;
        private final ArrayDeque<Pending> queue = new ArrayDeque<>();
        private boolean scheduled;
        // held while a record is handled, so a revocation can wait for the attempt in progress
        private final ReentrantLock attempt = new ReentrantLock();
        private volatile PartitionProgress attempting;
        // the head record's state; touched only by the one task that runs the lane
        private int attempts;
        private String deadLetterReason;
        private IntegrationDefinition deadLetterDefinition;
        private long caughtUpNanos = Long.MIN_VALUE;
        private boolean faultLogged;

        Lane(UUID id) {
            this.id = id;
        }

        synchronized void offer(Pending pending) {
            queue.add(pending);
            if (!scheduled) {
                scheduled = true;
                submit(Duration.ZERO);
            }
        }

        synchronized boolean idle() {
            return !scheduled && queue.isEmpty();
        }

        private synchronized Pending head() {
            Pending head = queue.peek();
            if (head == null || stopped) {
                scheduled = false;
            }
            return stopped ? null : head;
        }

        private synchronized void removeHead() {
            queue.poll();
        }

        private void submit(Duration delay) {
            try {
                pool.schedule(this::run, delay.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // the executor is stopping; the unfinished records are not committed
            }
        }

        private void run() {
            for (int i = 0; i < RUN_LENGTH; i++) {
                Pending head = head();
                if (head == null) {
                    return;
                }
                Duration wait;
                attempt.lock();
                attempting = head.progress();
                try {
                    wait = handle(head);
                    if (wait == null) {
                        head.progress().finished(head.record().offset());
                    }
                } catch (RuntimeException e) {
                    log.error(
                            "integration {}: unexpected failure on record {}",
                            id,
                            head.record().offset(),
                            e);
                    wait = KAFKA_RETRY;
                } finally {
                    attempting = null;
                    attempt.unlock();
                }
                if (wait != null && wait != ABANDONED) {
                    submit(wait);
                    return;
                }
                removeHead();
                attempts = 0;
                faultLogged = false;
                deadLetterReason = null;
                deadLetterDefinition = null;
            }
            submit(Duration.ZERO);
        }

        /**
         * Null when the record is finished, {@link #ABANDONED} when its partition was revoked (it is not
         * finished: the next owner has it), else how long to wait before the next try.
         */
        private Duration handle(Pending p) {
            if (p.progress().revoked()) {
                return ABANDONED;
            }
            if (deadLetterReason != null) {
                return deadLetter(p);
            }
            if (p.message() == null) {
                deadLetterReason = "cannot read the record: " + p.readError();
                return deadLetter(p);
            }
            Optional<IntegrationDefinition> found = definitions.get(id);
            boolean skip = found.isEmpty() || !found.get().enabled();
            if (skip && caughtUpNanos < p.readNanos()) {
                // the broker routes only to enabled integrations: this replica may be behind
                long asked = System.nanoTime();
                // one bounded catch-up per record at most: after it the integration counts as unknown
                if (definitions.catchUp(catchUpTimeout)) {
                    found = definitions.get(id);
                } else {
                    log.warn(
                            "integration {}: definitions not caught up within {}; it counts as unknown",
                            id,
                            catchUpTimeout);
                }
                caughtUpNanos = asked;
            }
            if (found.isEmpty() || !found.get().enabled()) {
                board.skipped(id, found.orElse(null));
                return null;
            }
            return deliver(p, found.get());
        }

        private Duration deliver(Pending p, IntegrationDefinition d) {
            RetrySettings retry;
            try {
                retry = RetrySettings.of(d.configuration());
            } catch (IllegalArgumentException e) {
                retry = RetrySettings.DEFAULT;
            }
            try {
                targets.send(d, p.message());
                board.delivered(
                        d, Duration.ofMillis(clock.millis() - p.message().routedMillis()));
                return null;
            } catch (DeliveryException e) {
                return failed(p, d, retry, e.getMessage(), e.retryable());
            } catch (RuntimeException e) {
                // a fault in the target itself: retried like a retryable failure, logged in full once
                if (!faultLogged) {
                    faultLogged = true;
                    log.error(
                            "integration {}: target failed unexpectedly on record {}-{}@{}",
                            id,
                            p.record().topic(),
                            p.record().partition(),
                            p.record().offset(),
                            e);
                }
                return failed(p, d, retry, "unexpected failure: " + e, true);
            }
        }

        private Duration failed(
                Pending p, IntegrationDefinition d, RetrySettings retry, String reason, boolean retryable) {
            attempts++;
            if (retryable && attempts < retry.maxAttempts()) {
                board.retrying(d, reason);
                return retry.backoff(attempts);
            }
            deadLetterReason = reason;
            deadLetterDefinition = d;
            return deadLetter(p);
        }

        private Duration deadLetter(Pending p) {
            try {
                deadLetters.write(p.record(), deadLetterReason, attempts, deadLetterDefinition);
            } catch (DeadLetters.DeadLetterException e) {
                log.warn(
                        "integration {}: record {} not yet dead-lettered: {}",
                        id,
                        p.record().offset(),
                        e.getMessage());
                return KAFKA_RETRY;
            }
            if (deadLetterDefinition != null) {
                board.deadLettered(deadLetterDefinition, deadLetterReason);
                log.warn(
                        "integration {}: record {}-{}@{} dead-lettered after {} attempts: {}",
                        id,
                        p.record().topic(),
                        p.record().partition(),
                        p.record().offset(),
                        attempts,
                        deadLetterReason);
            } else {
                board.unreadDeadLettered();
                log.error(
                        "record {}-{}@{} dead-lettered: {}",
                        p.record().topic(),
                        p.record().partition(),
                        p.record().offset(),
                        deadLetterReason);
            }
            return null;
        }
    }
}
