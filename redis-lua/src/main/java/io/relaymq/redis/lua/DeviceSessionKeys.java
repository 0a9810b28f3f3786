package io.relaymq.redis.lua;

/**
 * The Redis keys of one persistent DEVICE session. The client id is the hash tag, so all keys of one
 * client share a slot and one script call can touch them on a Redis Cluster.
 */
public record DeviceSessionKeys(String messages, String lastPacketId, String messagePrefix, String lastScore) {

    public static DeviceSessionKeys of(String clientId) {
        String tag = "{" + clientId + "}";
        return new DeviceSessionKeys(tag + "_messages", tag + "_last_packet_id", tag + "_messages_", tag + "_last_score");
    }

    public String message(int packetId) {
        return messagePrefix + packetId;
    }
}
