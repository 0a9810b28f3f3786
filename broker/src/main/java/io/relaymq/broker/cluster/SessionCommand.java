package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.common.wire.SessionCommandRecord;
import io.relaymq.common.wire.Wire;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A command for the node that owns a client's session, sent on that node's
 * {@code relaymq.client.disconnect.<nodeId>} topic (key = client id): a {@link SessionCommandRecord} of the wire
 * schema. Commands written before the schema (a tag byte and the command's payload) are still read.
 *
 * @param version       for {@link Kind#HAND_OVER}: the new owner's ownership version
 * @param subscriptions for {@link Kind#SET_SUBSCRIPTIONS}: the client's whole new subscription set
 * @param sessionId     for {@link Kind#DISCONNECT} and {@link Kind#REMOVE}: act only while this is the client's
 *                      current session id (empty: whatever it is)
 */
public record SessionCommand(Kind kind, long version, List<Subscription> subscriptions, String sessionId) {

    public enum Kind {
        /** The session moved to another node: let go of the local copy. */
        HAND_OVER('V'),
        /** An operator disconnects the client; a persistent session stays. */
        DISCONNECT('D'),
        /** An operator removes the session: disconnect and end it with all it stored. */
        REMOVE('R'),
        /** An operator replaces the session's subscriptions. */
        SET_SUBSCRIPTIONS('S');

        private final byte tag;

        Kind(char tag) {
            this.tag = (byte) tag;
        }
    }

    public SessionCommand {
        sessionId = sessionId == null ? "" : sessionId;
    }

    public static SessionCommand handOver(long version) {
        return new SessionCommand(Kind.HAND_OVER, version, List.of(), "");
    }

    public static SessionCommand of(Kind kind) {
        return of(kind, "");
    }

    /** A {@link Kind#DISCONNECT} or {@link Kind#REMOVE} for the session with {@code sessionId} only (empty: any). */
    public static SessionCommand of(Kind kind, String sessionId) {
        return new SessionCommand(kind, 0, List.of(), sessionId);
    }

    public static SessionCommand setSubscriptions(List<Subscription> subscriptions) {
        return new SessionCommand(Kind.SET_SUBSCRIPTIONS, 0, List.copyOf(subscriptions), "");
    }

    /** Whether the command is for any session of the client, or for the one with {@code currentSessionId}. */
    public boolean isFor(String currentSessionId) {
        return sessionId.isEmpty() || sessionId.equals(currentSessionId);
    }

    public byte[] encode() {
        SessionCommandRecord.Builder b = SessionCommandRecord.newBuilder().setSessionId(sessionId);
        switch (kind) {
            case HAND_OVER -> b.setHandOver(version);
            case DISCONNECT -> b.setDisconnect(true);
            case REMOVE -> b.setRemove(true);
            case SET_SUBSCRIPTIONS ->
                b.setSetSubscriptions(ClientSubscriptions.of("", subscriptions).toRecord());
        }
        return Wire.frame(b.build());
    }

    public static SessionCommand decode(String clientId, byte[] value) {
        if (!Wire.isFramed(value)) {
            return decodeBeforeSchema(clientId, value);
        }
        SessionCommandRecord r = Wire.unframe(value, SessionCommandRecord.parser(), "session command");
        return switch (r.getCommandCase()) {
            case HAND_OVER -> handOver(r.getHandOver());
            case DISCONNECT -> of(Kind.DISCONNECT, r.getSessionId());
            case REMOVE -> of(Kind.REMOVE, r.getSessionId());
            case SET_SUBSCRIPTIONS ->
                setSubscriptions(ClientSubscriptions.fromRecord(clientId, r.getSetSubscriptions())
                        .subscriptions());
            case COMMAND_NOT_SET -> throw new IllegalArgumentException("session command without a command");
        };
    }

    /** One tag byte, then the payload: the version as text, or a subscriptions record. */
    private static SessionCommand decodeBeforeSchema(String clientId, byte[] value) {
        if (value.length == 0) {
            throw new IllegalArgumentException("empty session command");
        }
        byte tag = value[0];
        byte[] payload = Arrays.copyOfRange(value, 1, value.length);
        for (Kind kind : Kind.values()) {
            if (kind.tag == tag) {
                return switch (kind) {
                    case HAND_OVER -> handOver(Long.parseLong(new String(payload, StandardCharsets.UTF_8)));
                    case SET_SUBSCRIPTIONS ->
                        setSubscriptions(
                                ClientSubscriptions.decode(clientId, payload).subscriptions());
                    case DISCONNECT, REMOVE -> of(kind);
                };
            }
        }
        throw new IllegalArgumentException("unknown session command tag " + tag);
    }
}
