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
 */
public record SessionInfo(String ownerNode, boolean connected, long expirySeconds) {

    private static final byte VERSION = 1;

    public boolean isPersistent() {
        return expirySeconds > 0;
    }

    public byte[] encode() {
        byte[] owner = ownerNode.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + 4 + owner.length + 1 + 8).put(VERSION).putInt(owner.length).put(owner)
                .put((byte) (connected ? 1 : 0)).putLong(expirySeconds).array();
    }

    public static SessionInfo decode(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        if (in.get() != VERSION) {
            throw new IllegalArgumentException("unknown session record version");
        }
        byte[] owner = new byte[in.getInt()];
        in.get(owner);
        return new SessionInfo(new String(owner, StandardCharsets.UTF_8), in.get() == 1, in.getLong());
    }
}
