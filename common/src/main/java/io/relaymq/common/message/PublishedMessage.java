package io.relaymq.common.message;

/**
 * An application message as the broker carries it from a publisher through Kafka to subscribers.
 *
 * @param topic         the topic name (never an alias)
 * @param qos           the QoS the publisher sent it with (0, 1, 2)
 * @param retain        the publisher's RETAIN flag
 * @param payload       the application payload
 * @param publisherId   client id of the publisher (for No Local), empty for messages the broker made
 * @param createdMillis when the broker received it; message expiry counts from here
 * @param properties    MQTT 5 properties to forward
 */
public record PublishedMessage(
        String topic,
        int qos,
        boolean retain,
        byte[] payload,
        String publisherId,
        long createdMillis,
        MessageProperties properties) {

    public PublishedMessage {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("QoS must be 0, 1 or 2, was " + qos);
        }
        properties = properties == null ? MessageProperties.NONE : properties;
    }

    /** True when the message expiry interval has passed at {@code nowMillis}. */
    public boolean isExpired(long nowMillis) {
        Long expiry = properties.expirySeconds();
        return expiry != null && nowMillis - createdMillis >= expiry * 1000L;
    }

    /** The expiry interval left at {@code nowMillis}, rounded up, as a forwarded message carries it. */
    public Long remainingExpirySeconds(long nowMillis) {
        Long expiry = properties.expirySeconds();
        if (expiry == null) {
            return null;
        }
        long leftMillis = expiry * 1000L - (nowMillis - createdMillis);
        return Math.max(0L, (leftMillis + 999) / 1000);
    }

    public PublishedMessage withRetain(boolean value) {
        return value == retain
                ? this
                : new PublishedMessage(topic, qos, value, payload, publisherId, createdMillis, properties);
    }
}
