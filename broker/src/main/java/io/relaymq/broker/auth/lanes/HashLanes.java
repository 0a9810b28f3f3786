package io.relaymq.broker.auth.lanes;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The password-hash threads and their bounded queue, with one lane per client address: at most
 * {@code perAddress} hashes of one address queued or running, at most {@code queueSize} queued in all, and
 * the threads take the lanes in turn, so a flood from a few addresses holds up an honest client by one
 * hash per flooding address, not by everything they queued. Lanes of addresses without recent wrong
 * passwords take their turns first, and the other lanes never hold every thread (with two threads or more,
 * one is kept for the first), so an honest client waits for no flood hash at all. A task that does not fit
 * is refused at once ({@link LanesFull}); the caller answers "server busy".
 */
public final class HashLanes implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(HashLanes.class);

    private final int queueSize;
    private final int perAddress;
    private final Map<String, ArrayDeque<Runnable>> lanes = new HashMap<>();
    private final Map<String, Integer> perAddressCount = new HashMap<>();
    private final ArrayDeque<String> firstTurns = new ArrayDeque<>();
    private final ArrayDeque<String> turns = new ArrayDeque<>();
    private final Thread[] threads;
    private final int restThreads;
    private int runningRest;
    private int queued;
    private boolean closed;

    public HashLanes(int threads, int queueSize, int perAddress) {
        this.queueSize = queueSize;
        this.perAddress = perAddress;
        this.threads = new Thread[threads];
        this.restThreads = Math.max(1, threads - 1);
        AtomicInteger count = new AtomicInteger();
        for (int i = 0; i < threads; i++) {
            Thread thread = new Thread(this::work, "mqtt-auth-hash-" + count.incrementAndGet());
            thread.setDaemon(true);
            this.threads[i] = thread;
            thread.start();
        }
    }

    /** Runs {@code task} in {@code address}'s lane; completes exceptionally with {@link LanesFull} when it does not fit. */
    public <T> CompletableFuture<T> submit(String address, Supplier<T> task) {
        return submit(address, false, task);
    }

    /**
     * The same; with {@code first} (an address without recent wrong passwords) the lane, when it starts,
     * takes its turns before every lane that did not.
     */
    public <T> CompletableFuture<T> submit(String address, boolean first, Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Runnable run = () -> {
            try {
                result.complete(task.get());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
                throw e;
            }
        };
        synchronized (this) {
            int ofAddress = perAddressCount.getOrDefault(address, 0);
            if (closed || queued >= queueSize || ofAddress >= perAddress) {
                result.completeExceptionally(new LanesFull(
                        closed
                                ? "shutting down"
                                : queued >= queueSize
                                        ? "password checks queued full (" + queueSize + ")"
                                        : "address " + address + " has " + perAddress + " password checks waiting"));
                return result;
            }
            perAddressCount.put(address, ofAddress + 1);
            ArrayDeque<Runnable> lane = lanes.computeIfAbsent(address, a -> new ArrayDeque<>());
            if (lane.isEmpty()) {
                (first ? firstTurns : turns).addLast(address);
            }
            lane.addLast(run);
            queued++;
            notifyAll();
        }
        return result;
    }

    /** Whether a hash of {@code address} would be refused now (a cheap check before any other work for it). */
    public synchronized boolean full(String address) {
        return closed || queued >= queueSize || perAddressCount.getOrDefault(address, 0) >= perAddress;
    }

    /** Hashes queued now (not counting those running). */
    public synchronized int queued() {
        return queued;
    }

    private void work() {
        while (true) {
            String address;
            Runnable task;
            boolean rest;
            synchronized (this) {
                while (!closed && firstTurns.isEmpty() && (turns.isEmpty() || runningRest >= restThreads)) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                rest = firstTurns.isEmpty();
                ArrayDeque<String> from = rest ? turns : firstTurns;
                if (from.isEmpty()) {
                    return;
                }
                address = from.pollFirst();
                ArrayDeque<Runnable> lane = lanes.get(address);
                task = lane.pollFirst();
                queued--;
                if (rest) {
                    runningRest++;
                }
                if (lane.isEmpty()) {
                    lanes.remove(address);
                } else {
                    from.addLast(address);
                }
            }
            try {
                task.run();
            } catch (RuntimeException | Error e) {
                log.warn("password hash task failed", e);
            } finally {
                done(address, rest);
            }
        }
    }

    private synchronized void done(String address, boolean rest) {
        perAddressCount.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
        if (rest) {
            runningRest--;
            notifyAll();
        }
    }

    /** Refuses new tasks; queued ones still run. */
    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }

    /**
     * A future's failure when a hash does not fit in the lanes: the check is called off for lack of room,
     * hence a {@link CancellationException} (so a cache holding the future drops it without logging it as
     * an error, once per refused attempt of a flood).
     */
    public static final class LanesFull extends CancellationException {

        LanesFull(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
