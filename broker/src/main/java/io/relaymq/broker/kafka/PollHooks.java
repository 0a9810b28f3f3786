package io.relaymq.broker.kafka;

import org.apache.kafka.clients.consumer.Consumer;

/**
 * What a {@link ConsumerLoop} runs around its polls for a consumer that places itself and commits on its own
 * terms (an APPLICATION client's reader commits what the client acknowledged, not what it polled). Each runs on
 * the loop's thread; an exception from {@link #opened} or {@link #beforePoll} fails the loop, which starts a new
 * consumer after its back-off.
 */
public interface PollHooks {

    /** Nothing around the polls. */
    PollHooks NONE = new PollHooks() {};

    /** A new consumer (the first, or one after a failure) before its first poll: seek where reading goes on. */
    default void opened(Consumer<byte[], byte[]> consumer) {}

    /** Before every poll: commit, pause or resume partitions. */
    default void beforePoll(Consumer<byte[], byte[]> consumer) {}

    /** The consumer is about to close, stopped or failed: a last commit. Its exceptions are logged. */
    default void closing(Consumer<byte[], byte[]> consumer) {}
}
