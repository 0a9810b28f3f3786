package io.relaymq.broker.persistence.device;

import com.google.protobuf.UnsafeByteOperations;
import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.common.wire.PersistedRecord;
import io.relaymq.common.wire.Wire;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * A saved message on its way to the owning node through {@code relaymq.msg.downlink.persisted.<node>}: a
 * {@link PersistedRecord} of the wire schema (packet id, score, the message as stored, whether it is stored as sent). Values written before the
 * schema (version byte 1, then packet id, score and the stored message) are still read.
 */
public final class PersistedMessageCodec {

    private static final byte VERSION_1 = 1;

    private PersistedMessageCodec() {}

    public static byte[] encode(int packetId, long score, byte[] storedMessage, boolean marked) {
        return Wire.frame(PersistedRecord.newBuilder()
                .setPacketId(packetId)
                .setScore(score)
                .setStored(UnsafeByteOperations.unsafeWrap(storedMessage))
                .setMarked(marked)
                .build());
    }

    public static PersistedMessage decode(byte[] value) {
        if (Wire.isFramed(value)) {
            PersistedRecord r = Wire.unframe(value, PersistedRecord.parser(), "persisted downlink");
            return message(r.getPacketId(), r.getScore(), r.getStored().toByteArray(), r.getMarked());
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(value);
            if (in.get() != VERSION_1) {
                throw new IllegalArgumentException("unknown persisted downlink record version");
            }
            int packetId = in.getInt();
            long score = in.getLong();
            byte[] message = new byte[in.remaining()];
            in.get(message);
            return message(packetId, score, message, false);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("truncated persisted downlink record", e);
        }
    }

    private static PersistedMessage message(int packetId, long score, byte[] stored, boolean marked) {
        return new PersistedMessage(
                packetId,
                score,
                marked ? PersistedMessage.State.MARKED : PersistedMessage.State.NEW,
                OutboundMessageCodec.decode(stored));
    }
}
