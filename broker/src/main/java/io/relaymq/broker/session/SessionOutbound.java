package io.relaymq.broker.session;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.topic.TopicFilter;
import java.util.List;

/**
 * How a session's QoS 1/2 messages reach its client: kept in the node's memory (clean or short-lived
 * sessions) or in the persistent store (persistent DEVICE sessions). Every method runs on the session's
 * thread.
 */
public interface SessionOutbound {

    /** True when QoS 1/2 messages for this session go through the persistent store. */
    boolean persisted();

    /**
     * Whether a message stored for this session now would go out at once (connected, nothing waiting before it);
     * read from other threads, so only a hint.
     */
    default boolean sendsAtOnce() {
        return false;
    }

    /**
     * A connection takes over: what was in flight is sent again ([MQTT-4.4.0-1]), then what waits.
     *
     * @param present false for a new session: anything stored for an earlier one is discarded
     */
    void attach(MqttConnection connection, boolean present);

    /** The connection is gone; the session stays. */
    void detach();

    /** A QoS 1/2 message for the client. */
    void offer(OutboundMessage message);

    /** A message the persistent store saved for the client. */
    void offerPersisted(PersistedMessage message);

    /** Sends what the window and the socket allow; called again when the socket is writable. */
    void drain();

    void onPubAck(int packetId);

    void onPubRec(int packetId, boolean error);

    void onPubComp(int packetId);

    /** Messages sent to the client and not yet acknowledged (QoS 1 without PUBACK, QoS 2 without PUBCOMP). */
    int inFlight();

    /**
     * The session is over: returns the messages it still held in memory, in order.
     *
     * @param discardStored whether what the store keeps for the client goes too (false when the session
     *                      continues on another node)
     */
    List<OutboundMessage> end(boolean discardStored);

    /** The session subscribed (or changed a subscription); only outbounds that read shared topics care. */
    default void subscribed(Subscription subscription) {}

    /** The session dropped a subscription. */
    default void unsubscribed(TopicFilter filter) {}
}
