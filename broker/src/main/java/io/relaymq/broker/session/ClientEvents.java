package io.relaymq.broker.session;

import io.netty.handler.codec.mqtt.MqttVersion;
import java.net.SocketAddress;
import java.util.List;

/**
 * What happens to clients and their sessions on this node, told as it happens so that operators and integrations
 * can follow it. Every method is called on the thread where the change happened (mostly a session's thread) and
 * must return at once: an implementation hands the event on without waiting and may drop it. Nothing here ever
 * carries a password.
 */
public interface ClientEvents {

    /** Tells nobody. */
    ClientEvents NONE = new ClientEvents() {};

    /** Why a session ended on this node. */
    enum SessionEnd {
        /** Its expiry interval passed while no connection held it. */
        EXPIRED,
        /** Its connection closed and its expiry interval was 0. */
        EXPIRY_ZERO,
        /** A CONNECT with clean start (or of another client type) replaced it with a new session. */
        REPLACED,
        /** An operator removed it through the admin API. */
        REMOVED
    }

    /**
     * CONNACK accepted {@code connection}; when {@code resumed} is false a new session state was created for it.
     *
     * @param userName the user the client authenticated as: the CONNECT's user name for the providers, the SCRAM
     *     user name for a SCRAM exchange (null: none, or an anonymous client)
     */
    default void connected(
            MqttConnection connection,
            String userName,
            boolean cleanStart,
            long sessionExpirySeconds,
            boolean resumed) {}

    /** A connection that {@link #connected} announced is gone; what it knows of why is on the connection. */
    default void disconnected(MqttConnection closed) {}

    /** The session of {@code clientId} ended on this node and in the cluster. */
    default void sessionEnded(String clientId, SessionEnd why) {}

    /** One SUBSCRIBE was answered: its filters in order, with the SUBACK reason codes. */
    default void subscribed(MqttConnection connection, List<String> filters, List<Integer> reasonCodes) {}

    /** One UNSUBSCRIBE was answered: its filters in order, with the UNSUBACK reason codes. */
    default void unsubscribed(MqttConnection connection, List<String> filters, List<Integer> reasonCodes) {}

    /**
     * A CONNECT was refused by the authenticator's answer: bad credentials, a blocked client, a failed SCRAM
     * exchange, and also the authenticator's own load shedding (back-off, busy, shutting down). Refusals outside
     * the authenticator (connection admission, an invalid CONNECT, the session's owner, the will topic) are not
     * told.
     *
     * @param userName      the CONNECT's user name, or null (also for SCRAM, whose user name is in the AUTH data)
     * @param connAckReason the CONNACK reason (5.0) or return code (3.x) sent, or -1 when none could be sent
     */
    default void authFailed(
            String clientId, String userName, SocketAddress address, MqttVersion version, int connAckReason) {}
}
