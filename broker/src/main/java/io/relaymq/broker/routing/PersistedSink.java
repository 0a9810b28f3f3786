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

    /**
     * A message for a shared subscription whose members are persistent APPLICATION clients: appended once
     * to the filter's own topic, whose consumer groups (one per share name) hand it to one member each.
     *
     * @param filter the topic filter without its {@code $share/<group>/} prefix
     */
    default void flush() {}

    default long failures() {
        return 0;
    }

    default void persistShared(String filter, OutboundMessage message) {
        throw new IllegalStateException("no persistent store on this node");
    }
}
