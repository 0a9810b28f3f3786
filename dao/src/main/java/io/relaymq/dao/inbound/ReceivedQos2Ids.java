package io.relaymq.dao.inbound;

import io.lettuce.core.ScriptOutputType;
import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.redis.lua.DeviceSessionScripts;
import io.relaymq.redis.lua.LuaScript;
import io.relaymq.redis.lua.ScriptRunner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * The QoS 2 packet ids persistent sessions received and have not seen PUBREL for, in Redis: one hash
 * per client, {@code {client}_qos2_received}, packet id to the token of the message's Kafka record, the time
 * it was kept and the node that kept it, plus the generation of the session begun last (field {@code #g}). The client id is the hash tag,
 * as for the client's stored messages, so a client's keys share a slot on a Redis Cluster. Nothing here blocks.
 */
public final class ReceivedQos2Ids {

    /** What is kept for one packet id: the token its Kafka record carries, when and by which node it was kept. */
    public record Receipt(long token, long keptAtMillis, String keptBy) {

        String encode() {
            return token + ":" + keptAtMillis + ":" + keptBy;
        }

        /** "token:millis:node"; a value without a node (written by an older version) names none. */
        static Receipt decode(String value) {
            String[] parts = value.split(":", 3);
            return new Receipt(Long.parseLong(parts[0]), Long.parseLong(parts[1]), parts.length == 3 ? parts[2] : "");
        }
    }

    /** Thrown by {@link #begin} when a newer generation of the session has begun on another node. */
    public static final class Superseded extends RuntimeException {
        public Superseded(String clientId) {
            super("a newer generation of the session of " + clientId + " has begun on another node");
        }
    }

    /**
     * The least a begun generation is kept, also for a session with expiry 0: long enough for the node it replaced
     * to have finished the PUBLISH it was handling, which it must not forward once the new generation read the ids.
     */
    static final long FENCE_SECONDS = 60;

    private final CommandBatcher batcher;
    private final ScriptRunner<String, byte[]> runner;
    private final LuaScript receive;
    private final LuaScript begin;
    private final LuaScript forget;
    private final LuaScript settle;

    /** {@code scripts}: their QoS 2 scripts are loaded into Redis with the others at start. */
    public ReceivedQos2Ids(CommandBatcher batcher, DeviceSessionScripts scripts) {
        this.batcher = batcher;
        this.runner = new ScriptRunner<>(batcher.commands(), batcher::dispatched);
        this.receive = scripts.qos2Receive();
        this.begin = scripts.qos2Begin();
        this.forget = scripts.qos2Forget();
        this.settle = scripts.qos2Settle();
    }

    public static String key(String clientId) {
        return "{" + clientId + "}_qos2_received";
    }

    /**
     * Keeps {@code packetId} with its receipt unless a generation above {@code generation} has begun the session
     * elsewhere; completes with false in that case.
     */
    public CompletionStage<Boolean> receive(
            String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds) {
        return this.<Long>call(
                        receive,
                        ScriptOutputType.INTEGER,
                        key(clientId),
                        ascii(packetId),
                        ascii(receipt.encode()),
                        ascii(generation),
                        ascii(Math.max(1, ttlSeconds)))
                .thenApply(n -> n == 1);
    }

    /**
     * Records that {@code generation} begins the session (a clean start forgets the ids first); the ids kept.
     * Fails with {@link Superseded} when a newer generation has begun already.
     */
    public CompletionStage<Map<Integer, Receipt>> begin(
            String clientId, long generation, boolean clean, long ttlSeconds) {
        return this.<List<Object>>call(
                        begin,
                        ScriptOutputType.MULTI,
                        key(clientId),
                        ascii(generation),
                        ascii(clean ? "1" : "0"),
                        ascii(Math.max(FENCE_SECONDS, ttlSeconds)))
                .thenApply(flat -> {
                    if (flat.isEmpty() || !"1".equals(text(flat.get(0)))) {
                        throw new Superseded(clientId);
                    }
                    Map<Integer, Receipt> kept = new HashMap<>();
                    for (int i = 1; i + 1 < flat.size(); i += 2) {
                        kept.put(Integer.parseInt(text(flat.get(i))), Receipt.decode(text(flat.get(i + 1))));
                    }
                    return kept;
                });
    }

    /** The receipt kept for {@code packetId}; null when none is. */
    public CompletionStage<Receipt> receipt(String clientId, int packetId) {
        return batcher.submit(c -> c.hget(key(clientId), Integer.toString(packetId)))
                .thenApply(value -> value == null ? null : Receipt.decode(new String(value, StandardCharsets.UTF_8)));
    }

    /**
     * Every Kafka write {@code nodeId} began for the client has finished: the ids it kept ({@code tokens}, packet id
     * to token) no longer name it, unless they were kept anew since.
     */
    public CompletionStage<Void> settle(String clientId, String nodeId, Map<Integer, Long> tokens) {
        List<byte[]> args = new ArrayList<>();
        args.add(ascii(nodeId));
        tokens.forEach((id, token) -> {
            args.add(ascii(id));
            args.add(ascii(token));
        });
        return this.<Long>call(settle, ScriptOutputType.INTEGER, key(clientId), args.toArray(byte[][]::new))
                .thenApply(n -> null);
    }

    public CompletionStage<Void> remove(String clientId, int packetId) {
        return batcher.submit(c -> c.hdel(key(clientId), Integer.toString(packetId)))
                .thenApply(n -> null);
    }

    /** Renews the TTL of what is kept for the client, if anything. */
    public CompletionStage<Void> expireIn(String clientId, long ttlSeconds) {
        return batcher.submit(c -> c.expire(key(clientId), Math.max(1, ttlSeconds)))
                .thenApply(n -> null);
    }

    /** Forgets the client's ids, unless a generation above {@code generation} has begun (they are its). */
    public CompletionStage<Void> removeAll(String clientId, long generation) {
        return this.<Long>call(forget, ScriptOutputType.INTEGER, key(clientId), ascii(generation))
                .thenApply(n -> null);
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
