package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.RouteSource;
import io.relaymq.broker.session.OutboundMessage;

/** Takes QoS 1/2 messages for persistent sessions to where they are kept until acknowledged. */
@FunctionalInterface
public interface PersistedSink {
    /**
     * @param application true for a persistent APPLICATION session (its own Kafka topic), false for a
     *                    persistent DEVICE session (the Redis store, through {@code relaymq.msg.persisted})
     */
    void persist(String clientId, boolean application, OutboundMessage message);

    /**
     * A message routed from {@code relaymq.msg.all}: the copy carries its {@code source}, so a copy routed
     * again after a router crash is recognised and not stored or sent twice.
     *
     * @param source where the message was read, {@code null} when it should never be taken for a replay
     */
    default void persist(String clientId, boolean application, OutboundMessage message, RouteSource source) {
        persist(clientId, application, message);
    }

    /** Blocks until every message taken so far was stored or failed (before the router commits a poll). */
    default void flush() {}

    /**
     * Messages that could not be stored since the start; the router compares it before and after a poll and
     * reads the poll again when it grew. An implementation that cannot fail (or does not count) says 0.
     */
    default long failures() {
        return 0;
    }

    /**
     * A message for a shared subscription whose members are persistent APPLICATION clients: appended once
     * to the filter's own topic, whose consumer groups (one per share name) hand it to one member each.
     *
     * @param filter the topic filter without its {@code $share/<group>/} prefix
     */
    default void persistShared(String filter, OutboundMessage message) {
        throw new IllegalStateException("no persistent store on this node");
    }
}
