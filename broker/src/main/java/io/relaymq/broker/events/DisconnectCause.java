package io.relaymq.broker.events;

import io.relaymq.broker.session.MqttConnection;

/**
 * Why a connection ended, as far as the node can tell: the client's DISCONNECT, the reason the broker closed it
 * with, or the network. Reason codes are the MQTT 5.0 ones; for 3.x connections, which have no DISCONNECT reason,
 * the broker's reason is still the one it had.
 *
 * @param reason     the class of cause, one of the constants here
 * @param reasonCode the client's DISCONNECT reason code or the broker's close reason; null when the network ended it
 */
public record DisconnectCause(String reason, Integer reasonCode) {

    /** The client sent DISCONNECT (with {@code reasonCode}). */
    public static final String CLIENT_DISCONNECT = "CLIENT_DISCONNECT";
    /** No packet within one and a half keep alive periods (0x8D). */
    public static final String KEEP_ALIVE_TIMEOUT = "KEEP_ALIVE_TIMEOUT";
    /** Another connection with the client id took the session over, here or on another node (0x8E). */
    public static final String TAKEN_OVER = "TAKEN_OVER";
    /** An operator disconnected the client or removed its session through the admin API (0x98). */
    public static final String ADMINISTRATIVE_ACTION = "ADMINISTRATIVE_ACTION";
    /** The client's rules changed so that it may no longer connect, or a 3.x client published outside them (0x87). */
    public static final String NOT_AUTHORIZED = "NOT_AUTHORIZED";
    /** The client broke the protocol (malformed packet, protocol error, too large, receive maximum, topic alias). */
    public static final String PROTOCOL_ERROR = "PROTOCOL_ERROR";
    /** The node is shutting down or draining its clients to other nodes, or was declared dead (0x8B, 0x9C). */
    public static final String SERVER_SHUTDOWN = "SERVER_SHUTDOWN";
    /** The broker closed the connection for another reason (a quota, a failed store write): see the code. */
    public static final String SERVER_CLOSED = "SERVER_CLOSED";
    /** The connection closed without DISCONNECT and without an error the node saw. */
    public static final String NETWORK_CLOSED = "NETWORK_CLOSED";
    /** The connection failed with an I/O error. */
    public static final String NETWORK_ERROR = "NETWORK_ERROR";

    /** The cause of {@code closed}'s end, from what the connection recorded. */
    public static DisconnectCause of(MqttConnection closed) {
        int code = closed.closeReasonCode();
        if (code >= 0) {
            return new DisconnectCause(byServerCode(code), code);
        }
        if (closed.disconnectedByClient()) {
            return new DisconnectCause(CLIENT_DISCONNECT, closed.clientReasonCode());
        }
        return new DisconnectCause(closed.networkError() ? NETWORK_ERROR : NETWORK_CLOSED, null);
    }

    static String byServerCode(int code) {
        return switch (code) {
            case 0x8D -> KEEP_ALIVE_TIMEOUT;
            case 0x8E -> TAKEN_OVER;
            case 0x98 -> ADMINISTRATIVE_ACTION;
            case 0x87 -> NOT_AUTHORIZED;
            case 0x8B, 0x9C -> SERVER_SHUTDOWN;
            case 0x81, 0x82, 0x93, 0x94, 0x95, 0x99 -> PROTOCOL_ERROR;
            default -> SERVER_CLOSED;
        };
    }
}
