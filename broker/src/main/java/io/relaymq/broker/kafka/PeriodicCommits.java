package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commits of a {@link LoopPlan.Commits#PERIODICALLY} loop: what its batches finished is kept and committed
 * without waiting at most once per interval, for partitions about to move to another member before they go
 * (waiting), and in full when the consumer closes. A busy message-path consumer polls every few milliseconds;
 * committing after each poll cost Kafka a commit request per poll. Runs on the loop's thread only.
 */
final class PeriodicCommits implements ConsumerRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(PeriodicCommits.class);
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final String name;
    private final long intervalNanos;
    private final Map<TopicPartition, OffsetAndMetadata> finished = new HashMap<>();
    private Consumer<byte[], byte[]> consumer;
    private long lastCommit;

    PeriodicCommits(String name, Duration interval) {
        this.name = name;
        this.intervalNanos = interval.toNanos();
    }

    /**
     * A new consumer before its first poll. Its subscription is renewed with this class as the listener, which
     * before the first poll changes nothing else, so it hears of partitions leaving.
     */
    void opened(Consumer<byte[], byte[]> c) {
        consumer = c;
        finished.clear();
        lastCommit = System.nanoTime();
        if (!c.subscription().isEmpty()) {
            c.subscribe(c.subscription(), this);
        }
    }

    /** A batch was finished: its next offsets are committed with the next due commit. */
    void finished(Map<TopicPartition, OffsetAndMetadata> next) {
        finished.putAll(next);
        commitIfDue();
    }

    /** Before each poll, so a loop that went quiet still commits its last batches within the interval. */
    void commitIfDue() {
        if (finished.isEmpty() || System.nanoTime() - lastCommit < intervalNanos) {
            return;
        }
        lastCommit = System.nanoTime();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(finished);
        finished.clear();
        consumer.commitAsync(offsets, (committed, error) -> {
            if (error != null) {
                log.debug("{}: commit failed (the records may be read again): {}", name, error.getMessage());
            }
        });
    }

    /** The consumer closes (stopped or failed): what was finished is committed, waiting. */
    void closing(Consumer<byte[], byte[]> c) {
        if (!finished.isEmpty()) {
            commitWaiting(c, new HashMap<>(finished), "last commit");
            finished.clear();
        }
    }

    /** Called inside poll before the partitions go to another member: their finished offsets go first. */
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> leaving = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata offset = finished.remove(partition);
            if (offset != null) {
                leaving.put(partition, offset);
            }
        }
        if (!leaving.isEmpty()) {
            commitWaiting(consumer, leaving, "commit before a rebalance");
        }
    }

    /**
     * Commits and waits. A stop that woke the consumer while the loop was busy makes the first blocking call
     * throw at once: that wakeup is spent, so the commit is tried once more. Any other failure leaves the records
     * to be read again (duplicates, never a loss).
     */
    private void commitWaiting(
            Consumer<byte[], byte[]> c, Map<TopicPartition, OffsetAndMetadata> offsets, String what) {
        for (int attempt = 1; ; attempt++) {
            try {
                c.commitSync(offsets, WAIT);
                return;
            } catch (WakeupException e) {
                if (attempt == 2) {
                    log.debug("{}: {} woken twice (the records may be read again)", name, what);
                    return;
                }
            } catch (RuntimeException e) {
                log.debug("{}: {} failed (the records may be read again): {}", name, what, e.getMessage());
                return;
            }
        }
    }

    /** The partitions were already taken away (the session timed out): their offsets can no longer be committed. */
    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        partitions.forEach(finished::remove);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
}
