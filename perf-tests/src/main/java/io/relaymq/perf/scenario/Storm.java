package io.relaymq.perf.scenario;

import io.relaymq.perf.client.ClientOptions;
import io.relaymq.perf.client.LoadClient;
import io.relaymq.perf.report.StormResult;
import io.relaymq.perf.traffic.LatencyStats;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * The extra clients of the storm scenario. Started when the measured window begins, they connect at
 * {@code storm-ramp} a second while the P2P traffic flows, and each subscribes to a topic of its own
 * ({@code storm/<n>/cmd}). Records, per client, the time from when the ramp wanted its connection to start
 * (so time spent behind the ramp counts) to its SUBACK, and when the last one was subscribed. Connects on a
 * thread of its own, so the pacer keeps its pace.
 */
final class Storm {

    private static final long SUBSCRIBE_TIMEOUT_SECONDS = 60;

    private final Fleet fleet;
    private final ScenarioSettings settings;
    private final Consumer<LoadClient> onConnected;
    private final PrintStream out;
    private final List<ClientOptions> options;
    private final List<LoadClient> clients = Collections.synchronizedList(new ArrayList<>());
    private final Histogram toSubAckMicros = new Histogram(3);
    private final AtomicInteger subscribed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicLong lastSubscribedNanos = new AtomicLong();
    private final CompletableFuture<Void> attempted = new CompletableFuture<>();
    private final List<CompletableFuture<Void>> outcomes = Collections.synchronizedList(new ArrayList<>());
    private volatile long startNanos;

    Storm(Fleet fleet, ScenarioSettings settings, Consumer<LoadClient> onConnected, PrintStream out) {
        this.fleet = fleet;
        this.settings = settings;
        this.onConnected = onConnected;
        this.out = out;
        this.options = IntStream.range(0, settings.stormConnections())
                .mapToObj(n -> fleet.options(clientId(settings, n), !settings.persistent(), false))
                .toList();
    }

    static String clientId(ScenarioSettings s, int n) {
        return s.clientPrefix() + "-storm-" + n;
    }

    static String filter(int n) {
        return "storm/" + n + "/cmd";
    }

    /** Starts connecting on a new thread and returns at once. */
    void start() {
        Thread thread = new Thread(this::connectAll, "storm");
        thread.setDaemon(true);
        thread.start();
    }

    private void connectAll() {
        startNanos = System.nanoTime();
        out.printf("storm: %,d clients connecting at %,d/s%n", options.size(), settings.stormRamp());
        try {
            fleet.open(
                    options, settings.stormRamp(), (n, due, connected) -> outcomes.add(subscribe(n, due, connected)));
            attempted.complete(null);
        } catch (InterruptedException | TimeoutException | RuntimeException e) {
            out.println("storm: connecting stopped: " + e);
            attempted.completeExceptionally(e);
        }
    }

    private CompletableFuture<Void> subscribe(int n, long dueNanos, CompletableFuture<LoadClient> connected) {
        return connected
                .thenCompose(client -> {
                    clients.add(client);
                    onConnected.accept(client);
                    return client.subscribe(filter(n), settings.qos())
                            .orTimeout(SUBSCRIBE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                })
                .handle((codes, error) -> {
                    long now = System.nanoTime();
                    if (error == null) {
                        synchronized (toSubAckMicros) {
                            toSubAckMicros.recordValue(Math.max(0, (now - dueNanos) / 1_000));
                        }
                        subscribed.incrementAndGet();
                        lastSubscribedNanos.accumulateAndGet(now, Math::max);
                    } else if (failed.getAndIncrement() == 0) {
                        out.println("storm: client " + clientId(settings, n) + " failed: " + error.getMessage());
                    }
                    return null;
                });
    }

    /** Waits, at most {@code timeoutSeconds}, until every client is subscribed or failed, and sums up. */
    StormResult await(long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        try {
            attempted.get(timeoutSeconds, TimeUnit.SECONDS);
            List<CompletableFuture<Void>> all;
            synchronized (outcomes) {
                all = List.copyOf(outcomes);
            }
            long left = Math.max(0, deadline - System.nanoTime());
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            out.println("storm: not every client finished: " + e);
        }
        long last = lastSubscribedNanos.get();
        int done = subscribed.get();
        double seconds = done == options.size() && last > 0 ? (last - startNanos) / 1e9 : Double.NaN;
        LatencyStats latency;
        synchronized (toSubAckMicros) {
            latency = LatencyStats.of(toSubAckMicros);
        }
        return new StormResult(options.size(), done, failed.get(), seconds, latency, settings.warmupSeconds());
    }

    /** The storm clients that connected. */
    List<LoadClient> clients() {
        synchronized (clients) {
            return List.copyOf(clients);
        }
    }

    /** The storm clients again with a clean start, which removes their sessions. */
    List<ClientOptions> cleanStarts() {
        return IntStream.range(0, options.size())
                .mapToObj(n -> fleet.options(clientId(settings, n), true, false))
                .toList();
    }
}
