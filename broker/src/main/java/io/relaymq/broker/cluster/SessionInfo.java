package io.relaymq.broker.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The cluster-wide view of one client's session: the value of a {@code relaymq.client.session} record
 * (key = client id; tombstone when the session ends).
 *
 * @param ownerNode      the node the session lives on
 * @param connected      whether a connection is attached to it
 * @param expirySeconds  its session expiry interval (0 = ends with the connection)
 * @param details        client type, address, version and connect times, and the principal that owns the
 *                       session (version 3; older records decode as unowned)
 */
public record SessionInfo(String ownerNode, boolean connected, long expirySeconds, SessionDetails details) {

    private static final byte VERSION_1 = 1;
    /** With details but without the session's principal. */
    private static final byte VERSION_2 = 2;
    private static final byte VERSION = 3;

    public boolean isPersistent() {
        return expirySeconds > 0;
    }

    public byte[] encode() {
        byte[] owner = ownerNode.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(1 + 4 + owner.length + 1 + 8 + details.size()).put(VERSION)
                .putInt(owner.length).put(owner).put((byte) (connected ? 1 : 0)).putLong(expirySeconds);
        details.writeTo(out);
        return out.array();
    }

    public static SessionInfo decode(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        byte version = in.get();
        if (version != VERSION && version != VERSION_2 && version != VERSION_1) {
            throw new IllegalArgumentException("unknown session record version");
        }
        byte[] owner = new byte[in.getInt()];
        in.get(owner);
        String ownerNode = new String(owner, StandardCharsets.UTF_8);
        boolean connected = in.get() == 1;
        long expiry = in.getLong();
        return new SessionInfo(ownerNode, connected, expiry,
                version == VERSION_1 ? SessionDetails.UNKNOWN : SessionDetails.readFrom(in, version == VERSION));
    }
}
