package io.relaymq.redis.lua;

/**
 * The Redis keys of one persistent DEVICE session. The client id is the hash tag, so all keys of one
 * client share a slot and one script call can touch them on a Redis Cluster. {@code storedBytes} holds
 * the bytes of all stored values and {@code storedSizes} each value's bytes by packet id, for the byte limit.
 * {@code sources} holds, by {@code relaymq.msg.all} partition, the highest source offset saved, so a
 * message routed again after a router crash is not stored twice.
 */
public record DeviceSessionKeys(
        String messages,
        String lastPacketId,
        String messagePrefix,
        String lastScore,
        String storedBytes,
        String storedSizes,
        String sources) {

    public static DeviceSessionKeys of(String clientId) {
        String tag = "{" + clientId + "}";
        return new DeviceSessionKeys(
                tag + "_messages",
                tag + "_last_packet_id",
                tag + "_messages_",
                tag + "_last_score",
                tag + "_stored_bytes",
                tag + "_stored_sizes",
                tag + "_sources");
    }

    public String message(int packetId) {
        return messagePrefix + packetId;
    }
}
