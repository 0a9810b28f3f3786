package io.relaymq.broker.routing;

import io.relaymq.broker.session.OutboundMessage;

/** Takes QoS 1/2 messages for persistent DEVICE subscribers to the persistent store's pipeline. */
@FunctionalInterface
public interface PersistedSink {

    /** For a node without persistence: nothing is ever routed here. */
    PersistedSink NONE = (clientId, message) -> {
        throw new IllegalStateException("no persistent store on this node");
    };

    void persist(String clientId, OutboundMessage message);
}
