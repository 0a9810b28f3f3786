package io.relaymq.perf.traffic;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;

/**
 * The benchmark payload: send time ({@link System#nanoTime()} of the generator), publisher index and
 * sequence number in the first 16 bytes, zero padding up to the configured size. One generator
 * process sends and receives, so the clock is shared and end-to-end latency needs no clock sync.
 */
public final class Payloads {

    public static final int HEADER_BYTES = 16;

    private Payloads() {}

    public static byte[] encode(int size, long sentNanos, int publisher, int seq) {
        if (size < HEADER_BYTES) {
            throw new IllegalArgumentException("payloads need at least " + HEADER_BYTES + " bytes: " + size);
        }
        return ByteBuffer.allocate(size)
                .putLong(sentNanos)
                .putInt(publisher)
                .putInt(seq)
                .array();
    }

    /** Reads the header without moving the buffer's indexes; null when the payload is not ours. */
    public static Header decode(ByteBuf payload) {
        if (payload.readableBytes() < HEADER_BYTES) {
            return null;
        }
        int at = payload.readerIndex();
        return new Header(payload.getLong(at), payload.getInt(at + 8), payload.getInt(at + 12));
    }

    /** What a received payload says about itself. */
    public record Header(long sentNanos, int publisher, int seq) {}
}
