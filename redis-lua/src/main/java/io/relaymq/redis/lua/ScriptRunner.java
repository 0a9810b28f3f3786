package io.relaymq.redis.lua;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Runs {@link LuaScript}s without blocking: EVALSHA first; when the node that owns the keys' slot does
 * not know the script (NOSCRIPT: new node, failover, SCRIPT FLUSH), EVAL sends the body once, which
 * also caches it there. On a cluster connection the call goes to the node of the first key, so all keys
 * of one call must share a hash slot (use a {hash tag}). Each command written is reported to
 * {@code onDispatch}, so a connection that batches its writes knows when to flush.
 * <p>
 * Calls on the same keys that are in flight together may complete out of order when one of them needs
 * the EVAL fallback: callers that need order keep one call per key set in flight (as the persistence
 * consumer does) and load the scripts at start.
 */
public final class ScriptRunner<K, V> {

    private final RedisScriptingAsyncCommands<K, V> commands;
    private final Runnable onDispatch;

    public ScriptRunner(RedisScriptingAsyncCommands<K, V> commands) {
        this(commands, () -> {});
    }

    public ScriptRunner(RedisScriptingAsyncCommands<K, V> commands, Runnable onDispatch) {
        this.commands = commands;
        this.onDispatch = onDispatch;
    }

    @SafeVarargs
    public final <T> CompletionStage<T> run(LuaScript script, ScriptOutputType output, K[] keys, V... args) {
        CompletableFuture<T> bySha =
                commands.<T>evalsha(script.sha1(), output, keys, args).toCompletableFuture();
        onDispatch.run();
        return bySha.exceptionallyCompose(failure -> {
            if (isNoScript(failure)) {
                CompletionStage<T> byBody = commands.<T>eval(script.body(), output, keys, args);
                onDispatch.run();
                return byBody;
            }
            return CompletableFuture.failedFuture(failure);
        });
    }

    static boolean isNoScript(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof RedisNoScriptException
                || (cause.getMessage() != null && cause.getMessage().startsWith("NOSCRIPT"));
    }
}
