package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How a {@link ConsumerLoop} commits, following its {@link LoopPlan.Commits}. */
final class BatchCommits {

    private static final Logger log = LoggerFactory.getLogger(BatchCommits.class);
    private static final int SYNC_ATTEMPTS = 3;

    private final String name;
    private final LoopPlan.Commits commits;
    private final PeriodicCommits periodic;

    /** @param interval how often a {@link LoopPlan.Commits#PERIODICALLY} loop commits */
    BatchCommits(String name, LoopPlan.Commits commits, Duration interval) {
        this.name = name;
        this.commits = commits;
        this.periodic = commits == LoopPlan.Commits.PERIODICALLY ? new PeriodicCommits(name, interval) : null;
    }

    boolean commits() {
        return commits != LoopPlan.Commits.NONE;
    }

    /** A new consumer, before its first poll. */
    void opened(Consumer<byte[], byte[]> c) {
        if (periodic != null) {
            periodic.opened(c);
        }
    }

    /** Before each poll. */
    void beforePoll() {
        if (periodic != null) {
            periodic.commitIfDue();
        }
    }

    /** The handler finished {@code records}. */
    void finished(Consumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        switch (commits) {
            case NONE -> {}
            case AFTER_EACH_BATCH ->
                c.commitAsync(nextOffsets(records), (offsets, error) -> {
                    if (error != null) {
                        log.debug("{}: commit failed (the records may be read again): {}", name, error.getMessage());
                    }
                });
            case AFTER_EACH_BATCH_AND_WAIT -> commitAndWait(c, nextOffsets(records));
            case PERIODICALLY -> periodic.finished(nextOffsets(records));
        }
    }

    /**
     * The consumer closes. A stopped loop commits what it reached; a failed one commits only what a periodic
     * loop finished and had not committed yet (the rest is read again by the next consumer).
     */
    void closing(Consumer<byte[], byte[]> c, boolean stopped) {
        if (periodic != null) {
            periodic.closing(c);
        } else if (stopped) {
            stopping(c);
        }
    }

    /**
     * Commits what the consumer reached when it stops: every batch before its positions was finished, or sought
     * back to its start.
     */
    private void stopping(Consumer<byte[], byte[]> c) {
        if (!commits()) {
            return;
        }
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

    /** A commit that still fails after its last attempt fails the loop: its records are read again. */
    private void commitAndWait(Consumer<byte[], byte[]> c, Map<TopicPartition, OffsetAndMetadata> offsets) {
        for (int attempt = 1; ; attempt++) {
            try {
                c.commitSync(offsets);
                return;
            } catch (RetriableException e) {
                if (attempt == SYNC_ATTEMPTS) {
                    throw e;
                }
                log.debug("{}: commit failed, trying again: {}", name, e.toString());
            }
        }
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
}
