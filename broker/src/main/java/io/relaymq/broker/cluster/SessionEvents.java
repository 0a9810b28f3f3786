package io.relaymq.broker.cluster;

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
 * Version 4 added the principal to requests and the refusal to decisions; version 3 messages are still
 * read, and a version 3 request is answered in version 3 (a node not yet upgraded).
 */
public final class SessionEvents {

    /** Without principals and refusals. */
    static final byte VERSION_3 = 3;

    static final byte VERSION = 4;

    private SessionEvents() {}

    /** "Make {@code requesterNode} the owner of this client's session." */
    public record ConnectRequest(String requestId, String requesterNode, long expirySeconds, SessionDetails details) {

        public byte[] encode() {
            byte[] id = utf8(requestId);
            byte[] node = utf8(requesterNode);
            ByteBuffer out = ByteBuffer.allocate(1 + 4 + id.length + 4 + node.length + 8 + details.size())
                    .put(VERSION)
                    .putInt(id.length)
                    .put(id)
                    .putInt(node.length)
                    .put(node)
                    .putLong(expirySeconds);
            details.writeTo(out);
            return out.array();
        }

        public static ConnectRequest decode(byte[] value) {
            ByteBuffer in = checked(value);
            return new ConnectRequest(
                    string(in), string(in), in.getLong(), SessionDetails.readFrom(in, value[0] == VERSION));
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
            return encode(VERSION);
        }

        /** In {@code format} (3 for a requester that sent version 3, which knows no refusals). */
        public byte[] encode(byte format) {
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
            if (format == VERSION) {
                out.put((byte) (refused ? 1 : 0));
            }
            return Arrays.copyOf(out.array(), out.position());
        }

        public static ConnectDecision decode(byte[] value) {
            ByteBuffer in = checked(value);
            String id = string(in);
            String owner = string(in);
            boolean persistent = in.get() == 1;
            long version = in.getLong();
            String type = string(in);
            boolean refused = value[0] == VERSION && in.get() == 1;
            return new ConnectDecision(
                    id, owner.isEmpty() ? null : owner, persistent, version, type.isEmpty() ? null : type, refused);
        }
    }

    /** The format version of an encoded request or decision. */
    public static byte versionOf(byte[] value) {
        return value[0];
    }

    private static ByteBuffer checked(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        byte version = in.get();
        if (version != VERSION && version != VERSION_3) {
            throw new IllegalArgumentException("unknown session event version");
        }
        return in;
    }

    private static String string(ByteBuffer in) {
        byte[] b = new byte[in.getInt()];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
