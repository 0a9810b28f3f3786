package io.relaymq.integration.executor;

import java.util.TreeSet;
import org.apache.kafka.common.TopicPartition;

/**
 * The records of one assigned partition that were read but are not finished (delivered, dead-lettered or
 * skipped). The offset that can be committed is the lowest unfinished one, or the next to read when all are
 * finished: nothing that was not finished is ever committed. A new object is made for every assignment, so a
 * record finished after its partition was revoked cannot touch the next owner's progress.
 */
final class PartitionProgress {

    private final TopicPartition partition;
    private final TreeSet<Long> unfinished = new TreeSet<>();
    private long next = -1;
    private long committed = -1;
    private volatile boolean revoked;

    PartitionProgress(TopicPartition partition) {
        this.partition = partition;
    }

    TopicPartition partition() {
        return partition;
    }

    synchronized void read(long offset) {
        unfinished.add(offset);
        next = Math.max(next, offset + 1);
    }

    synchronized void finished(long offset) {
        unfinished.remove(offset);
    }

    synchronized int unfinishedCount() {
        return unfinished.size();
    }

    /** The offset to commit when it moved since the last {@link #committed}; -1 when there is nothing new. */
    synchronized long toCommit() {
        long offset = unfinished.isEmpty() ? next : unfinished.first();
        return offset > committed ? offset : -1;
    }

    synchronized void committed(long offset) {
        committed = Math.max(committed, offset);
    }

    void revoke() {
        revoked = true;
    }

    boolean revoked() {
        return revoked;
    }
}
