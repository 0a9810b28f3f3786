package io.relaymq.perf.scenario;

import io.relaymq.perf.client.ClientOptions;
import io.relaymq.perf.client.Connector;
import io.relaymq.perf.client.LoadClient;
import io.relaymq.perf.client.SourceAddresses;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Connects many clients at a bounded rate, spreading them over the broker ports and source addresses. */
public final class Fleet {

    private static final int MAX_PENDING = 512;

    private final Connector connector;
    private final ScenarioSettings settings;
    private final SourceAddresses sources;
    private int nextPort;

    public Fleet(Connector connector, ScenarioSettings settings) {
        this.connector = connector;
        this.settings = settings;
        this.sources = SourceAddresses.parse(settings.sourceIps());
    }

    public ClientOptions options(String clientId, boolean cleanStart, boolean application) {
        int port =
                settings.ports().get(Math.floorMod(nextPort++, settings.ports().size()));
        return new ClientOptions(
                new InetSocketAddress(settings.host(), port),
                sources.next(),
                settings.mqtt5(),
                clientId,
                cleanStart,
                settings.sessionExpiry(),
                settings.keepAlive(),
                application ? settings.appUsername() : settings.username(),
                application ? settings.appPassword() : settings.password());
    }

    /** Connects all, at most {@code ramp} new connections per second; fails on the first refused one. */
    public List<LoadClient> connectAll(List<ClientOptions> all) throws Exception {
        List<CompletableFuture<LoadClient>> futures = open(all, settings.rampPerSecond(), (i, due, f) -> {});
        List<LoadClient> clients = new ArrayList<>(futures.size());
        for (int i = 0; i < futures.size(); i++) {
            try {
                clients.add(futures.get(i).get(60, TimeUnit.SECONDS));
            } catch (Exception e) {
                clients.forEach(LoadClient::disconnect);
                throw new IllegalStateException(
                        "client " + all.get(i).clientId() + " could not connect: " + e.getMessage(), e);
            }
        }
        return clients;
    }

    /** Told of each connection attempt as it starts. */
    @FunctionalInterface
    public interface AttemptListener {
        /**
         * @param dueNanos when the ramp wanted it to start ({@link System#nanoTime()}); it starts later when
         *                 the connections still pending hold it back
         */
        void started(int index, long dueNanos, CompletableFuture<LoadClient> connected);
    }

    /**
     * Starts a connection for each of {@code all}, at most {@code perSecond} a second and {@value #MAX_PENDING}
     * unfinished at a time, and tells {@code onAttempt} of each as it starts. Returns once every attempt has
     * started.
     */
    public List<CompletableFuture<LoadClient>> open(List<ClientOptions> all, int perSecond, AttemptListener onAttempt)
            throws InterruptedException, TimeoutException {
        Semaphore pending = new Semaphore(MAX_PENDING);
        List<CompletableFuture<LoadClient>> futures = new ArrayList<>(all.size());
        long start = System.nanoTime();
        for (int i = 0; i < all.size(); i++) {
            long due = start + (long) (i * 1e9 / perSecond);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            if (!pending.tryAcquire(60, TimeUnit.SECONDS)) {
                throw new TimeoutException("connections stopped completing");
            }
            CompletableFuture<LoadClient> connected = connector.connect(all.get(i));
            connected.whenComplete((c, e) -> pending.release());
            futures.add(connected);
            onAttempt.started(i, due, connected);
        }
        return futures;
    }

    /** Disconnects all and waits (bounded) until they are closed. */
    public static void disconnectAll(List<LoadClient> clients) {
        CompletableFuture<?>[] closed =
                clients.stream().map(LoadClient::disconnect).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(closed).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("some clients did not close in time: " + e.getMessage());
        }
    }
}
