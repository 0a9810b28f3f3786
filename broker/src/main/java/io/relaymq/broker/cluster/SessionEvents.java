package io.relaymq.broker.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The messages of the session-ownership protocol. A node that accepts a CONNECT asks, on
 * {@code relaymq.client.session.event.request} (key = client id, so one node decides all changes of one
 * client in order), to become the session's owner; the deciding node records the new owner, tells the
 * previous owner to let go, and answers on the requester's {@code ...event.response.<nodeId>} topic with
 * what the session was before.
 */
public final class SessionEvents {

    private static final byte VERSION = 3;

    private SessionEvents() {
    }

    /** "Make {@code requesterNode} the owner of this client's session." */
    public record ConnectRequest(String requestId, String requesterNode, long expirySeconds, SessionDetails details) {

        public byte[] encode() {
            byte[] id = utf8(requestId);
            byte[] node = utf8(requesterNode);
            ByteBuffer out = ByteBuffer.allocate(1 + 4 + id.length + 4 + node.length + 8 + details.size()).put(VERSION)
                    .putInt(id.length).put(id).putInt(node.length).put(node).putLong(expirySeconds);
            details.writeTo(out);
            return out.array();
        }

        public static ConnectRequest decode(byte[] value) {
            ByteBuffer in = checked(value);
            return new ConnectRequest(string(in), string(in), in.getLong(), SessionDetails.readFrom(in));
        }
    }

    /**
     * The answer: the session as it was before this connect (previousOwner null when there was none), and
     * the ownership version, which grows with every decision for the client id (the request's offset).
     */
    public record ConnectDecision(String requestId, String previousOwner, boolean previousPersistent, long version,
                                  String previousClientType) {

        public byte[] encode() {
            byte[] id = utf8(requestId);
            byte[] owner = utf8(previousOwner == null ? "" : previousOwner);
            byte[] type = utf8(previousClientType == null ? "" : previousClientType);
            return ByteBuffer.allocate(1 + 4 + id.length + 4 + owner.length + 1 + 8 + 4 + type.length).put(VERSION)
                    .putInt(id.length).put(id).putInt(owner.length).put(owner).put((byte) (previousPersistent ? 1 : 0))
                    .putLong(version).putInt(type.length).put(type).array();
        }

        public static ConnectDecision decode(byte[] value) {
            ByteBuffer in = checked(value);
            String id = string(in);
            String owner = string(in);
            boolean persistent = in.get() == 1;
            long version = in.getLong();
            String type = string(in);
            return new ConnectDecision(id, owner.isEmpty() ? null : owner, persistent, version, type.isEmpty() ? null : type);
        }
    }

    private static ByteBuffer checked(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        if (in.get() != VERSION) {
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
