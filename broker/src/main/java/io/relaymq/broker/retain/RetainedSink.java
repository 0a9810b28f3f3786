package io.relaymq.broker.retain;

import io.relaymq.common.message.PublishedMessage;

/** Where a retained PUBLISH goes to update the retained state (on every node). */
@FunctionalInterface
public interface RetainedSink {

    void retain(PublishedMessage message);
}
