package io.relaymq.broker.kafka;

import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * Everything that tells one {@link ConsumerLoop} from another.
 *
 * @param name      names the loop's thread, its log lines and the dead letters it parks
 * @param kind      the loop's kind in meters (one value for every loop of a kind, e.g. one per client)
 * @param consumers creates the consumer, already subscribed or assigned; called again after each failure
 * @param handler   what is done with each poll's records
 * @param commits   how finished batches are committed
 * @param hooks     what runs around the polls
 * @param nodeWide  part of the node's health: a node whose loop is down is not ready (false for a loop that
 *                  serves one client)
 */
public record LoopPlan(
        String name,
        String kind,
        Supplier<Consumer<byte[], byte[]>> consumers,
        BatchHandler handler,
        Commits commits,
        PollHooks hooks,
        boolean nodeWide) {

    /** How a loop commits the offsets of the batches its handler finished. */
    public enum Commits {
        /** Never: the consumer reads a topic in full, or its {@link PollHooks} commit. */
        NONE,
        /** Without waiting after each batch, and in full when the loop stops. */
        AFTER_EACH_BATCH,
        /**
         * After each batch, waiting for Kafka (a failed commit is tried twice more, then the loop starts a new
         * consumer from the committed offsets): for a loop whose records must not be processed twice when the
         * group's partitions move.
         */
        AFTER_EACH_BATCH_AND_WAIT,
        /**
         * Without waiting at most once per {@code data-fetch.commit-interval}, waiting for partitions that move
         * to another member before they go, and what was finished when the loop closes: for the busy
         * message-path loops, whose records may be read again after a crash (see {@link PeriodicCommits}). Its
         * consumer must subscribe to a fixed list of topics: the loop adds its rebalance listener to that list.
         */
        PERIODICALLY
    }

    /** A node-wide loop with no hooks. */
    public static LoopPlan of(
            String name, Supplier<Consumer<byte[], byte[]>> consumers, BatchHandler handler, Commits commits) {
        return new LoopPlan(name, name, consumers, handler, commits, PollHooks.NONE, true);
    }

    /** A loop that serves one client: left out of the node's health, measured under {@code kind}. */
    public LoopPlan forOneClient(String kind) {
        return new LoopPlan(name, kind, consumers, handler, commits, hooks, false);
    }

    public LoopPlan withHooks(PollHooks hooks) {
        return new LoopPlan(name, kind, consumers, handler, commits, hooks, nodeWide);
    }
}
