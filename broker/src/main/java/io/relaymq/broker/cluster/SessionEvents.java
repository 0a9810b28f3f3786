package io.relaymq.broker.cluster;

import io.relaymq.common.wire.ConnectDecisionRecord;
import io.relaymq.common.wire.ConnectRequestRecord;
import io.relaymq.common.wire.Wire;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The messages of the session-ownership protocol. A node that accepts a CONNECT asks, on
 * {@code relaymq.client.session.event.request} (key = client id, so one node decides all changes of one
 * client in order), to become the session's owner; the deciding node records the new owner, tells the
 * previous owner to let go, and answers on the requester's {@code ...event.response.<nodeId>} topic with
 * what the session was before. A request by another principal than the one recorded for the session is
 * refused (unless the operator allows such takeovers): nothing is recorded and the answer says so.
 * <p>
 * Both are {@link ConnectRequestRecord} and {@link ConnectDecisionRecord} of the wire schema. Messages written
 * before it are still read (version 4, with principals and refusals; version 3, without), and a request in one
 * of those formats is answered in its format, so a node not yet upgraded understands the answer.
 */
public final class SessionEvents {

    /** Without principals and refusals. */
    static final byte VERSION_3 = 3;

    /** The last format before the wire schema. */
    static final byte VERSION_4 = 4;

    private SessionEvents() {}

    /** "Make {@code requesterNode} the owner of this client's session." */
    public record ConnectRequest(String requestId, String requesterNode, long expirySeconds, SessionDetails details) {

        public byte[] encode() {
            return Wire.frame(ConnectRequestRecord.newBuilder()
                    .setRequestId(requestId)
                    .setRequesterNode(requesterNode)
                    .setExpirySeconds(expirySeconds)
                    .setDetails(details.toRecord())
                    .build());
        }

        public static ConnectRequest decode(byte[] value) {
            if (Wire.isFramed(value)) {
                ConnectRequestRecord r = Wire.unframe(value, ConnectRequestRecord.parser(), "connect request");
                return new ConnectRequest(
                        r.getRequestId(),
                        r.getRequesterNode(),
                        r.getExpirySeconds(),
                        SessionDetails.fromRecord(r.getDetails()));
            }
            try {
                ByteBuffer in = beforeSchema(value);
                return new ConnectRequest(
                        string(in), string(in), in.getLong(), SessionDetails.readFrom(in, value[0] == VERSION_4));
            } catch (BufferUnderflowException e) {
                throw new IllegalArgumentException("truncated connect request", e);
            }
        }
    }

    /**
     * The answer: the session as it was before this connect (previousOwner null when there was none), and
     * the ownership version, which grows with every decision for the client id (see
     * {@code SessionEventDecider#generation}; it is also the generation of the session record).
     * {@code refused}: the session belongs to another principal and nothing changed.
     */
    public record ConnectDecision(
            String requestId,
            String previousOwner,
            boolean previousPersistent,
            long version,
            String previousClientType,
            boolean refused) {

        public ConnectDecision(
                String requestId,
                String previousOwner,
                boolean previousPersistent,
                long version,
                String previousClientType) {
            this(requestId, previousOwner, previousPersistent, version, previousClientType, false);
        }

        public byte[] encode() {
            ConnectDecisionRecord.Builder b = ConnectDecisionRecord.newBuilder()
                    .setRequestId(requestId)
                    .setPreviousPersistent(previousPersistent)
                    .setVersion(version)
                    .setRefused(refused);
            if (previousOwner != null) {
                b.setPreviousOwner(previousOwner);
            }
            if (previousClientType != null) {
                b.setPreviousClientType(previousClientType);
            }
            return Wire.frame(b.build());
        }

        /** In {@code format}, the format of the request it answers (see {@link #versionOf}). */
        public byte[] encode(byte format) {
            return format == VERSION_3 || format == VERSION_4 ? encodeBeforeSchema(format) : encode();
        }

        private byte[] encodeBeforeSchema(byte format) {
            byte[] id = utf8(requestId);
            byte[] owner = utf8(previousOwner == null ? "" : previousOwner);
            byte[] type = utf8(previousClientType == null ? "" : previousClientType);
            ByteBuffer out = ByteBuffer.allocate(1 + 4 + id.length + 4 + owner.length + 1 + 8 + 4 + type.length + 1)
                    .put(format)
                    .putInt(id.length)
                    .put(id)
                    .putInt(owner.length)
                    .put(owner)
                    .put((byte) (previousPersistent ? 1 : 0))
                    .putLong(version)
                    .putInt(type.length)
                    .put(type);
            if (format == VERSION_4) {
                out.put((byte) (refused ? 1 : 0));
            }
            return Arrays.copyOf(out.array(), out.position());
        }

        public static ConnectDecision decode(byte[] value) {
            if (Wire.isFramed(value)) {
                ConnectDecisionRecord r = Wire.unframe(value, ConnectDecisionRecord.parser(), "connect decision");
                return new ConnectDecision(
                        r.getRequestId(),
                        r.hasPreviousOwner() ? r.getPreviousOwner() : null,
                        r.getPreviousPersistent(),
                        r.getVersion(),
                        r.hasPreviousClientType() ? r.getPreviousClientType() : null,
                        r.getRefused());
            }
            try {
                ByteBuffer in = beforeSchema(value);
                String id = string(in);
                String owner = string(in);
                boolean persistent = in.get() == 1;
                long version = in.getLong();
                String type = string(in);
                boolean refused = value[0] == VERSION_4 && in.get() == 1;
                return new ConnectDecision(
                        id, owner.isEmpty() ? null : owner, persistent, version, type.isEmpty() ? null : type, refused);
            } catch (BufferUnderflowException e) {
                throw new IllegalArgumentException("truncated connect decision", e);
            }
        }
    }

    /** The format of an encoded request or decision: {@link Wire#FORMAT}, or a version from before the schema. */
    public static byte versionOf(byte[] value) {
        return value[0];
    }

    /** Whether a requester whose request came in {@code format} understands a refusal (format 3 does not). */
    public static boolean knowsRefusals(byte format) {
        return format != VERSION_3;
    }

    private static ByteBuffer beforeSchema(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        byte version = in.get();
        if (version != VERSION_4 && version != VERSION_3) {
            throw new IllegalArgumentException("unknown session event version");
        }
        return in;
    }

    private static String string(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad string length in session event");
        }
        byte[] b = new byte[length];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
