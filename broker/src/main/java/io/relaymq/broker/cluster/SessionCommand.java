package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.common.wire.InFlightAnswerRecord;
import io.relaymq.common.wire.InFlightQueryRecord;
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
 * @param inFlight      for {@link Kind#IN_FLIGHT_QUERY} and {@link Kind#IN_FLIGHT_ANSWER}: the request id, the
 *                      asking node and the answer's count
 */
public record SessionCommand(
        Kind kind, long version, List<Subscription> subscriptions, String sessionId, InFlight inFlight) {

    /**
     * One in-flight count request or answer.
     *
     * @param requestId chosen by the asking node
     * @param replyNode the asking node, whose command topic takes the answer (empty in an answer)
     * @param count     in an answer: the messages in flight to the client; null: the node holds no such session
     */
    public record InFlight(String requestId, String replyNode, Integer count) {
        static final InFlight NONE = new InFlight("", "", null);

        public InFlight {
            requestId = requestId == null ? "" : requestId;
            replyNode = replyNode == null ? "" : replyNode;
        }
    }

    public enum Kind {
        /** The session moved to another node: let go of the local copy. */
        HAND_OVER('V'),
        /** An operator disconnects the client; a persistent session stays. */
        DISCONNECT('D'),
        /** An operator removes the session: disconnect and end it with all it stored. */
        REMOVE('R'),
        /** An operator replaces the session's subscriptions. */
        SET_SUBSCRIPTIONS('S'),
        /** Another node asks how many messages are in flight to the client (only in the schema: no tag). */
        IN_FLIGHT_QUERY('\0'),
        /** The answer to an {@link #IN_FLIGHT_QUERY}, sent to the asking node's command topic (no tag). */
        IN_FLIGHT_ANSWER('\0');

        private final byte tag;

        Kind(char tag) {
            this.tag = (byte) tag;
        }
    }

    public SessionCommand {
        sessionId = sessionId == null ? "" : sessionId;
        inFlight = inFlight == null ? InFlight.NONE : inFlight;
    }

    public SessionCommand(Kind kind, long version, List<Subscription> subscriptions, String sessionId) {
        this(kind, version, subscriptions, sessionId, InFlight.NONE);
    }

    /** Asks the session's node for its in-flight count; the answer goes to {@code replyNode}. */
    public static SessionCommand inFlightQuery(String requestId, String replyNode) {
        return new SessionCommand(Kind.IN_FLIGHT_QUERY, 0, List.of(), "", new InFlight(requestId, replyNode, null));
    }

    /** Answers the query {@code requestId}; {@code count} null: no such session here. */
    public static SessionCommand inFlightAnswer(String requestId, Integer count) {
        return new SessionCommand(Kind.IN_FLIGHT_ANSWER, 0, List.of(), "", new InFlight(requestId, "", count));
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
            case IN_FLIGHT_QUERY ->
                b.setInFlightQuery(InFlightQueryRecord.newBuilder()
                        .setRequestId(inFlight.requestId())
                        .setReplyNode(inFlight.replyNode()));
            case IN_FLIGHT_ANSWER -> b.setInFlightAnswer(answerRecord());
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
            case IN_FLIGHT_QUERY ->
                inFlightQuery(
                        r.getInFlightQuery().getRequestId(),
                        r.getInFlightQuery().getReplyNode());
            case IN_FLIGHT_ANSWER ->
                inFlightAnswer(
                        r.getInFlightAnswer().getRequestId(),
                        r.getInFlightAnswer().hasCount() ? r.getInFlightAnswer().getCount() : null);
            case COMMAND_NOT_SET -> throw new IllegalArgumentException("session command without a command");
        };
    }

    private InFlightAnswerRecord.Builder answerRecord() {
        InFlightAnswerRecord.Builder b = InFlightAnswerRecord.newBuilder().setRequestId(inFlight.requestId());
        if (inFlight.count() != null) {
            b.setCount(inFlight.count());
        }
        return b;
    }

    /** One tag byte, then the payload: the version as text, or a subscriptions record. */
    private static SessionCommand decodeBeforeSchema(String clientId, byte[] value) {
        if (value.length == 0) {
            throw new IllegalArgumentException("empty session command");
        }
        byte tag = value[0];
        byte[] payload = Arrays.copyOfRange(value, 1, value.length);
        for (Kind kind : Kind.values()) {
            if (kind.tag == tag && kind.tag != 0) {
                return switch (kind) {
                    case HAND_OVER -> handOver(Long.parseLong(new String(payload, StandardCharsets.UTF_8)));
                    case SET_SUBSCRIPTIONS ->
                        setSubscriptions(
                                ClientSubscriptions.decode(clientId, payload).subscriptions());
                    case DISCONNECT, REMOVE -> of(kind);
                    case IN_FLIGHT_QUERY, IN_FLIGHT_ANSWER -> throw new IllegalStateException("no tag");
                };
            }
        }
        throw new IllegalArgumentException("unknown session command tag " + tag);
    }
}
