package io.relaymq.dao.device;

import io.lettuce.core.ScriptOutputType;
import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.redis.lua.DeviceSessionKeys;
import io.relaymq.redis.lua.DeviceSessionScripts;
import io.relaymq.redis.lua.LuaScript;
import io.relaymq.redis.lua.ScriptRunner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The undelivered messages of persistent DEVICE sessions in Redis (any connection type), one script call per
 * operation (see {@code redis-lua/src/main/resources/lua}). Nothing here blocks: every call returns a
 * stage that completes on a Lettuce thread.
 */
public final class DeviceMessageStore {

    /**
     * The most messages a client may have stored: the packet ids of stored messages are unique, and
     * there are 65535 of them.
     */
    public static final int MAX_LIMIT = 65_535;

    private static final byte[] PUBREL_VALUE = {StoredKind.PUBREL.marker()};

    private final CommandBatcher batcher;
    private final ScriptRunner<String, byte[]> runner;
    private final DeviceSessionScripts scripts;
    private final byte[] limit;
    private final byte[] byteLimit;
    private final Trimmed trimmed;

    /** Told how many of a client's oldest messages a save removed, for the message and for the byte limit. */
    @FunctionalInterface
    public interface Trimmed {
        Trimmed IGNORE = (clientId, forMessages, forBytes) -> {};

        void trimmed(String clientId, long forMessages, long forBytes);
    }

    /** Without a byte limit. */
    public DeviceMessageStore(CommandBatcher batcher, DeviceSessionScripts scripts, int limit) {
        this(batcher, scripts, limit, Long.MAX_VALUE, Trimmed.IGNORE);
    }

    /**
     * @param limit     most messages kept per client (1..65535); the oldest beyond it are removed
     * @param byteLimit most bytes of stored values kept per client; the oldest are removed while more are
     *                  stored (the newest message always stays)
     */
    public DeviceMessageStore(
            CommandBatcher batcher, DeviceSessionScripts scripts, int limit, long byteLimit, Trimmed trimmed) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException(
                    "the persisted messages limit must be 1.." + MAX_LIMIT + ", was " + limit);
        }
        if (byteLimit < 1) {
            throw new IllegalArgumentException("the persisted bytes limit must be positive, was " + byteLimit);
        }
        this.batcher = batcher;
        this.runner = new ScriptRunner<>(batcher.commands(), batcher::dispatched);
        this.scripts = scripts;
        this.limit = ascii(limit);
        this.byteLimit = ascii(byteLimit);
        this.trimmed = trimmed;
    }

    /**
     * Loads every script (SCRIPT LOAD; on a cluster into every master), so calls rarely need the EVAL fallback.
     */
    public CompletionStage<Void> loadScripts() {
        List<CompletableFuture<String>> loads = new ArrayList<>();
        for (LuaScript script : scripts.all()) {
            loads.add(batcher.submit(c -> c.scriptLoad(script.body().getBytes(StandardCharsets.UTF_8)))
                    .toCompletableFuture());
        }
        return CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new));
    }

    /**
     * Stores {@code messages} in order; the oldest beyond the message or byte limit are dropped. The answer
     * has one entry per message, {@link SavedMessage#REPLAYED} for a copy of a message with the same source
     * stored before (see {@link NewMessage}).
     */
    public CompletionStage<List<SavedMessage>> save(String clientId, List<NewMessage> messages) {
        return save(clientId, messages, StoredKind.NEW);
    }

    /**
     * As {@link #save(String, List)}, with the messages stored as {@code kind}: {@link StoredKind#SENT} for
     * messages that go out to a connected client right away, so that no separate mark is needed and a resend
     * after a crash has DUP set. Such a message may, rarely, be sent with DUP set although it never went out
     * before (its connection ended, or its session fell behind, first); DUP only says a PUBLISH might be a
     * re-delivery.
     */
    public CompletionStage<List<SavedMessage>> save(String clientId, List<NewMessage> messages, StoredKind kind) {
        if (kind == StoredKind.PUBREL) {
            throw new IllegalArgumentException("a new message is stored as NEW or SENT");
        }
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        byte[][] args = new byte[2 + 3 * messages.size()][];
        args[0] = limit;
        args[1] = byteLimit;
        int i = 2;
        for (NewMessage m : messages) {
            args[i++] = ascii(m.ttlSeconds());
            args[i++] = m.hasSource()
                    ? (m.sourcePartition() + ":" + m.sourceOffset()).getBytes(StandardCharsets.US_ASCII)
                    : new byte[0];
            byte[] value = new byte[m.payload().length + 1];
            value[0] = kind.marker();
            System.arraycopy(m.payload(), 0, value, 1, m.payload().length);
            args[i++] = value;
        }
        return this.<List<Object>>call(
                        scripts.save(),
                        ScriptOutputType.MULTI,
                        new String[] {
                            keys.messages(),
                            keys.lastPacketId(),
                            keys.messagePrefix(),
                            keys.lastScore(),
                            keys.storedBytes(),
                            keys.storedSizes(),
                            keys.sources()
                        },
                        args)
                .thenApply(flat -> saved(clientId, flat));
    }

    /** Up to {@code max} stored messages after {@code afterScore} (0 = from the oldest), in order. */
    public CompletionStage<List<StoredMessage>> fetch(String clientId, long afterScore, int max) {
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        return this.<List<Object>>call(
                        scripts.fetch(),
                        ScriptOutputType.MULTI,
                        new String[] {keys.messages(), keys.messagePrefix(), keys.storedBytes(), keys.storedSizes()},
                        ascii(afterScore),
                        ascii(max))
                .thenApply(DeviceMessageStore::stored);
    }

    /**
     * Forgets one message (PUBACK, PUBCOMP, or dropped); true when it was stored. Only the message with
     * this score: its packet id may belong to a newer message once it was removed for a limit.
     */
    public CompletionStage<Boolean> remove(String clientId, int packetId, long score) {
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        return this.<Long>call(
                        scripts.remove(),
                        ScriptOutputType.INTEGER,
                        new String[] {keys.messages(), keys.messagePrefix(), keys.storedBytes(), keys.storedSizes()},
                        ascii(packetId),
                        ascii(score))
                .thenApply(n -> n == 1);
    }

    /** Replaces a QoS 2 message (id and score) by its PUBREL marker (PUBREC received); true when it was stored. */
    public CompletionStage<Boolean> markPubrel(String clientId, int packetId, long score) {
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        return this.<Long>call(
                        scripts.markPubrel(),
                        ScriptOutputType.INTEGER,
                        new String[] {keys.messages(), keys.messagePrefix(), keys.storedBytes(), keys.storedSizes()},
                        ascii(packetId),
                        ascii(score),
                        PUBREL_VALUE)
                .thenApply(n -> n == 1);
    }

    /** Records that these messages (id and score) were sent once; returns how many were marked. */
    public CompletionStage<Long> markSent(String clientId, Collection<SavedMessage> messages) {
        if (messages.isEmpty()) {
            return CompletableFuture.completedFuture(0L);
        }
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        byte[][] args = new byte[2 + 2 * messages.size()][];
        args[0] = new byte[] {StoredKind.NEW.marker()};
        args[1] = new byte[] {StoredKind.SENT.marker()};
        int i = 2;
        for (SavedMessage m : messages) {
            args[i++] = ascii(m.packetId());
            args[i++] = ascii(m.score());
        }
        return call(
                scripts.markSent(),
                ScriptOutputType.INTEGER,
                new String[] {keys.messages(), keys.messagePrefix()},
                args);
    }

    /**
     * How many messages are stored for the client (ZCARD of its message set): new, sent and PUBREL markers.
     * A message whose time to live ran out counts until a fetch removes its reference.
     */
    public CompletionStage<Long> count(String clientId) {
        String key = DeviceSessionKeys.of(clientId).messages();
        return batcher.submit(c -> c.zcard(key));
    }

    /** Forgets everything stored for the client; returns how many messages there were. */
    public CompletionStage<Long> removeAll(String clientId) {
        DeviceSessionKeys keys = DeviceSessionKeys.of(clientId);
        return call(scripts.removeAll(), ScriptOutputType.INTEGER, new String[] {
            keys.messages(),
            keys.lastPacketId(),
            keys.messagePrefix(),
            keys.lastScore(),
            keys.storedBytes(),
            keys.storedSizes(),
            keys.sources()
        });
    }

    private <T> CompletionStage<T> call(LuaScript script, ScriptOutputType output, String[] keys, byte[]... args) {
        CompletionStage<T> result = runner.run(script, output, keys, args);
        batcher.track(result);
        return result;
    }

    /** The script's answer: removed for the message limit, for the byte limit, then packet id and score pairs. */
    private List<SavedMessage> saved(String clientId, List<Object> flat) {
        long forMessages = ((Number) flat.get(0)).longValue();
        long forBytes = ((Number) flat.get(1)).longValue();
        if (forMessages > 0 || forBytes > 0) {
            trimmed.trimmed(clientId, forMessages, forBytes);
        }
        List<SavedMessage> saved = new ArrayList<>(flat.size() / 2);
        for (int i = 2; i < flat.size(); i += 2) {
            int packetId = ((Number) flat.get(i)).intValue();
            saved.add(
                    packetId == 0
                            ? SavedMessage.REPLAYED
                            : new SavedMessage(packetId, ((Number) flat.get(i + 1)).longValue()));
        }
        return saved;
    }

    private static List<StoredMessage> stored(List<Object> flat) {
        List<StoredMessage> stored = new ArrayList<>(flat.size() / 3);
        for (int i = 0; i < flat.size(); i += 3) {
            byte[] value = (byte[]) flat.get(i + 2);
            byte[] payload = new byte[value.length - 1];
            System.arraycopy(value, 1, payload, 0, payload.length);
            stored.add(new StoredMessage(
                    Integer.parseInt(text(flat.get(i))),
                    (long) Double.parseDouble(text(flat.get(i + 1))),
                    StoredKind.of(value[0]),
                    payload));
        }
        return stored;
    }

    private static String text(Object bulk) {
        return new String((byte[]) bulk, StandardCharsets.US_ASCII);
    }

    private static byte[] ascii(long number) {
        return Long.toString(number).getBytes(StandardCharsets.US_ASCII);
    }
}
