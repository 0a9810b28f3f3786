package io.relaymq.dao.device;

/**
 * A message to store for one persistent DEVICE session.
 *
 * @param payload    the encoded message, opaque to the store
 * @param ttlSeconds how long Redis keeps it (the message expiry, or the store's default)
 */
public record NewMessage(byte[] payload, long ttlSeconds) {

    public NewMessage {
        if (ttlSeconds < 1) {
            throw new IllegalArgumentException("ttlSeconds must be at least 1, was " + ttlSeconds);
        }
    }
}
