package io.relaymq.broker.routing;

import io.relaymq.common.message.PublishedMessage;

/**
 * Takes every routed message to the integrations whose topic filters match it. Like {@link PersistedSink}, it
 * may write without waiting; the router calls {@link #flush()} and compares {@link #failures()} before it
 * commits a poll, so a message is never committed upstream before it is on its way to every integration.
 */
public interface IntegrationSink {

    /** No integrations on this node: nothing is taken. */
    IntegrationSink NONE = message -> {};

    void offer(PublishedMessage message);

    /** Blocks until every message taken so far was written or failed. */
    default void flush() {}

    /** Messages that could not be written since the start. */
    default long failures() {
        return 0;
    }
}
