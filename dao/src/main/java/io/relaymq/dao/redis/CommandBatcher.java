package io.relaymq.dao.redis;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Batches the commands of one Redis connection (any connection type): commands are written to the sockets
 * together, after {@code maxCommands} commands or {@code maxDelay} after the first unflushed one,
 * whichever comes first. Many small script calls then cost one system call instead of one each.
 * Commands that Lettuce re-sends by itself (MOVED/ASK redirects, reconnects, also to a new master after a
 * failover) are flushed by a slow safety timer while any command is outstanding. With {@code maxCommands = 1}
 * every command is written at once (no batching).
 */
public final class CommandBatcher implements AutoCloseable {

    private static final long SAFETY_FLUSH_MILLIS = 50;

    private final RedisConnection<String, byte[]> connection;
    private final int maxCommands;
    private final Duration maxDelay;
    private final ScheduledExecutorService timer;
    private final AtomicInteger outstanding = new AtomicInteger();
    private int unflushed;
    private ScheduledFuture<?> pendingFlush;

    public CommandBatcher(RedisConnection<String, byte[]> connection, int maxCommands, Duration maxDelay) {
        if (maxCommands < 1) {
            throw new IllegalArgumentException("maxCommands must be at least 1");
        }
        this.connection = connection;
        this.maxCommands = maxCommands;
        this.maxDelay = maxDelay;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "redis-batch-flush");
            t.setDaemon(true);
            return t;
        });
        connection.stateful().setAutoFlushCommands(maxCommands == 1);
        if (maxCommands > 1) {
            timer.scheduleWithFixedDelay(
                    this::safetyFlush, SAFETY_FLUSH_MILLIS, SAFETY_FLUSH_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** The connection's commands; whoever calls one must report it through {@link #dispatched()}. */
    public RedisClusterAsyncCommands<String, byte[]> commands() {
        return connection.async();
    }

    /** Runs one command and schedules its flush. */
    public <T> CompletionStage<T> submit(Function<RedisClusterAsyncCommands<String, byte[]>, RedisFuture<T>> command) {
        RedisFuture<T> future = command.apply(connection.async());
        track(future);
        dispatched();
        return future;
    }

    /** Counts a command written to the connection (a script call or its EVAL fallback) towards the batch. */
    public void dispatched() {
        if (maxCommands == 1) {
            return;
        }
        synchronized (this) {
            unflushed++;
            if (unflushed >= maxCommands) {
                flush();
            } else if (pendingFlush == null) {
                pendingFlush = timer.schedule(this::flushScheduled, maxDelay.toNanos(), TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Keeps the safety flush running until {@code future} completes. */
    public <T> void track(CompletionStage<T> future) {
        outstanding.incrementAndGet();
        future.whenComplete((r, e) -> outstanding.decrementAndGet());
    }

    private synchronized void flushScheduled() {
        pendingFlush = null;
        if (unflushed > 0) {
            flush();
        }
    }

    private synchronized void flush() {
        connection.stateful().flushCommands();
        unflushed = 0;
        if (pendingFlush != null) {
            pendingFlush.cancel(false);
            pendingFlush = null;
        }
    }

    private void safetyFlush() {
        if (outstanding.get() > 0) {
            synchronized (this) {
                flush();
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        connection.close();
    }
}
