package io.relaymq.dao.device;

/**
 * A message to store for one persistent DEVICE session.
 *
 * @param payload         the encoded message, opaque to the store
 * @param ttlSeconds      how long Redis keeps it (the message expiry, or the store's default)
 * @param sourcePartition the {@code relaymq.msg.all} partition it was routed from, -1 when it has no source
 *                        (a retained message, a record written before sources existed): then it is always stored
 * @param sourceOffset    its offset there; a message whose offset is at or below the highest one stored for
 *                        the client from that partition is a copy routed again, and is not stored
 */
public record NewMessage(byte[] payload, long ttlSeconds, int sourcePartition, long sourceOffset) {

    public NewMessage {
        if (ttlSeconds < 1) {
            throw new IllegalArgumentException("ttlSeconds must be at least 1, was " + ttlSeconds);
        }
        if (sourcePartition >= 0 && sourceOffset < 0) {
            throw new IllegalArgumentException("a source needs an offset, was " + sourceOffset);
        }
    }

    /** Without a source: always stored. */
    public NewMessage(byte[] payload, long ttlSeconds) {
        this(payload, ttlSeconds, -1, -1);
    }

    boolean hasSource() {
        return sourcePartition >= 0;
    }
}
