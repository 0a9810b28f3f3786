package io.relaymq.broker.cluster;

import io.relaymq.broker.session.OutboundMessage;

/**
 * Delivery of a routed message to a client whose session lives on another node. {@link #send} does not
 * wait: the router of {@code relaymq.msg.all} calls {@link #flush()} and compares {@link #failures()}
 * before it commits a batch, so a message is never acknowledged upstream before it reached the other
 * node's topic.
 */
public interface RemoteDelivery {
    void send(String nodeId, String clientId, OutboundMessage message);

    /** Blocks until every message sent so far was written to Kafka or failed. */
    void flush();

    /** Sends that failed since the start (compare before and after a batch). */
    long failures();
}
