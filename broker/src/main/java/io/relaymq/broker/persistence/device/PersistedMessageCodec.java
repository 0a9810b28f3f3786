package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.session.PersistedMessage;
import java.nio.ByteBuffer;

/**
 * A saved message on its way to the owning node through {@code relaymq.msg.downlink.persisted.<node>}:
 * version, packet id, score, then the encoded message as stored.
 */
public final class PersistedMessageCodec {

    private static final byte VERSION = 1;

    private PersistedMessageCodec() {}

    public static byte[] encode(int packetId, long score, byte[] storedMessage) {
        return ByteBuffer.allocate(1 + 4 + 8 + storedMessage.length)
                .put(VERSION)
                .putInt(packetId)
                .putLong(score)
                .put(storedMessage)
                .array();
    }

    public static PersistedMessage decode(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        if (in.get() != VERSION) {
            throw new IllegalArgumentException("unknown persisted downlink record version");
        }
        int packetId = in.getInt();
        long score = in.getLong();
        byte[] message = new byte[in.remaining()];
        in.get(message);
        return new PersistedMessage(packetId, score, PersistedMessage.State.NEW, OutboundMessageCodec.decode(message));
    }
}
