package io.relaymq.dao.inbound;

import io.relaymq.dao.redis.CommandBatcher;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * The QoS 2 packet ids persistent sessions received and have not seen PUBREL for, on Redis Cluster: one set
 * per client, {@code {client}_qos2_awaiting_pubrel}. The client id is the hash tag, as for the client's stored
 * messages, so a client's keys share a slot. Every write renews the key's TTL. Nothing here blocks.
 */
public final class ReceivedQos2Ids {

    private final CommandBatcher batcher;

    public ReceivedQos2Ids(CommandBatcher batcher) {
        this.batcher = batcher;
    }

    public static String key(String clientId) {
        return "{" + clientId + "}_qos2_awaiting_pubrel";
    }

    /** SADD then EXPIRE on the same connection and slot: the second completes after the first. */
    public CompletionStage<Void> add(String clientId, int packetId, long ttlSeconds) {
        String key = key(clientId);
        CompletionStage<Long> added = batcher.submit(c -> c.sadd(key, ascii(packetId)));
        CompletionStage<Boolean> expiring = batcher.submit(c -> c.expire(key, Math.max(1, ttlSeconds)));
        return added.thenCombine(expiring, (a, e) -> null);
    }

    public CompletionStage<Void> remove(String clientId, int packetId) {
        return batcher.submit(c -> c.srem(key(clientId), ascii(packetId))).thenApply(n -> null);
    }

    /** Renews the TTL of what is kept for the client, if anything. */
    public CompletionStage<Void> expireIn(String clientId, long ttlSeconds) {
        return batcher.submit(c -> c.expire(key(clientId), Math.max(1, ttlSeconds))).thenApply(n -> null);
    }

    public CompletionStage<Set<Integer>> all(String clientId) {
        return batcher.submit(c -> c.smembers(key(clientId))).thenApply(members -> {
            Set<Integer> ids = new HashSet<>();
            for (byte[] member : members) {
                ids.add(Integer.parseInt(new String(member, StandardCharsets.US_ASCII)));
            }
            return ids;
        });
    }

    public CompletionStage<Void> removeAll(String clientId) {
        return batcher.submit(c -> c.del(key(clientId))).thenApply(n -> null);
    }

    private static byte[] ascii(int packetId) {
        return Integer.toString(packetId).getBytes(StandardCharsets.US_ASCII);
    }
}
