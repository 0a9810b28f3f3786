package io.relaymq.dao.inbound;

import io.lettuce.core.ScriptOutputType;
import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.redis.lua.DeviceSessionScripts;
import io.relaymq.redis.lua.LuaScript;
import io.relaymq.redis.lua.ScriptRunner;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * The QoS 2 packet ids persistent sessions received and have not seen PUBREL for, on Redis Cluster: one hash
 * per client, {@code {client}_qos2_received}, packet id to the token of the message's Kafka record and the time
 * it was kept, plus the generation of the session begun last (field {@code #g}). The client id is the hash tag,
 * as for the client's stored messages, so a client's keys share a slot. Nothing here blocks.
 */
public final class ReceivedQos2Ids {

    /** What is kept for one packet id: the token its Kafka record carries and when it was kept. */
    public record Receipt(long token, long keptAtMillis) {

        String encode() {
            return token + ":" + keptAtMillis;
        }

        static Receipt decode(String value) {
            int colon = value.indexOf(':');
            return new Receipt(Long.parseLong(value.substring(0, colon)), Long.parseLong(value.substring(colon + 1)));
        }
    }

    private final CommandBatcher batcher;
    private final ScriptRunner<String, byte[]> runner;
    private final LuaScript receive;
    private final LuaScript begin;

    /** {@code scripts}: their QoS 2 scripts are loaded into Redis with the others at start. */
    public ReceivedQos2Ids(CommandBatcher batcher, DeviceSessionScripts scripts) {
        this.batcher = batcher;
        this.runner = new ScriptRunner<>(batcher.commands(), batcher::dispatched);
        this.receive = scripts.qos2Receive();
        this.begin = scripts.qos2Begin();
    }

    public static String key(String clientId) {
        return "{" + clientId + "}_qos2_received";
    }

    /**
     * Keeps {@code packetId} with its receipt unless a generation above {@code generation} has begun the session
     * elsewhere; completes with false in that case.
     */
    public CompletionStage<Boolean> receive(String clientId, int packetId, Receipt receipt, long generation,
                                            long ttlSeconds) {
        return this.<Long>call(receive, ScriptOutputType.INTEGER, key(clientId), ascii(packetId),
                ascii(receipt.encode()), ascii(generation), ascii(Math.max(1, ttlSeconds))).thenApply(n -> n == 1);
    }

    /** Records that {@code generation} begins the session (a clean start forgets the ids first); the ids kept. */
    public CompletionStage<Map<Integer, Receipt>> begin(String clientId, long generation, boolean clean, long ttlSeconds) {
        return this.<List<Object>>call(begin, ScriptOutputType.MULTI, key(clientId), ascii(generation),
                ascii(clean ? "1" : "0"), ascii(Math.max(1, ttlSeconds))).thenApply(flat -> {
                    Map<Integer, Receipt> kept = new HashMap<>();
                    for (int i = 0; i + 1 < flat.size(); i += 2) {
                        kept.put(Integer.parseInt(text(flat.get(i))), Receipt.decode(text(flat.get(i + 1))));
                    }
                    return kept;
                });
    }

    public CompletionStage<Void> remove(String clientId, int packetId) {
        return batcher.submit(c -> c.hdel(key(clientId), Integer.toString(packetId))).thenApply(n -> null);
    }

    /** Renews the TTL of what is kept for the client, if anything. */
    public CompletionStage<Void> expireIn(String clientId, long ttlSeconds) {
        return batcher.submit(c -> c.expire(key(clientId), Math.max(1, ttlSeconds))).thenApply(n -> null);
    }

    public CompletionStage<Void> removeAll(String clientId) {
        return batcher.submit(c -> c.del(key(clientId))).thenApply(n -> null);
    }

    private <T> CompletionStage<T> call(LuaScript script, ScriptOutputType output, String key, byte[]... args) {
        CompletionStage<T> result = runner.run(script, output, new String[] {key}, args);
        batcher.track(result);
        return result;
    }

    private static String text(Object value) {
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
    }

    private static byte[] ascii(Object value) {
        return String.valueOf(value).getBytes(StandardCharsets.US_ASCII);
    }
}
