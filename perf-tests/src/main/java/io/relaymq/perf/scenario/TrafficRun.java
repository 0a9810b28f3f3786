package io.relaymq.perf.scenario;

import io.relaymq.perf.client.ClientOptions;
import io.relaymq.perf.client.Connector;
import io.relaymq.perf.client.LoadClient;
import io.relaymq.perf.report.Report;
import io.relaymq.perf.report.StormReport;
import io.relaymq.perf.report.StormResult;
import io.relaymq.perf.report.TrafficReport;
import io.relaymq.perf.traffic.LatencyStats;
import io.relaymq.perf.traffic.Payloads;
import io.relaymq.perf.traffic.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a p2p, fan-in, fan-out or storm scenario: connects and subscribes the subscribers, connects the
 * publishers, publishes at the configured rate through warm-up and the measured window, waits (bounded)
 * for messages still in flight, then disconnects and, for persistent subscribers, removes their sessions.
 * A storm run is a p2p run whose {@link Storm} clients begin to connect when the measured window begins.
 */
public final class TrafficRun {

    private final ScenarioSettings settings;
    private final ServerProbe server;
    private final String target;
    private final PrintStream out;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong drops = new AtomicLong();

    public TrafficRun(ScenarioSettings settings, ServerProbe server, String target, PrintStream out) {
        this.settings = settings;
        this.server = server;
        this.target = target;
        this.out = out;
    }

    /** A {@link TrafficReport}, or for the storm scenario a {@link StormReport}. */
    public Report run() throws Exception {
        Plan plan = Scenarios.plan(settings);
        Traffic traffic = new Traffic(plan);
        try (Connector connector = new Connector(settings.threads(), settings.tls())) {
            Fleet fleet = new Fleet(connector, settings);
            Storm storm = settings.scenario().equals("storm") ? new Storm(fleet, settings, this::watchDrop, out) : null;
            List<LoadClient> subscribers = subscribe(fleet, plan, traffic);
            out.printf("%,d subscribers connected and subscribed%n", subscribers.size());
            List<LoadClient> publishers = fleet.connectAll(plan.publishers().stream()
                    .map(p -> fleet.options(p.clientId(), true, false))
                    .toList());
            out.printf(
                    "%,d publishers connected; %,.0f msg/s for %d s warm-up + %d s measured%n",
                    publishers.size(), settings.totalRate(), settings.warmupSeconds(), settings.durationSeconds());
            watchDrops(subscribers);
            watchDrops(publishers);
            Window window = publishAndMeasure(plan, publishers, traffic, storm);
            StormResult stormResult =
                    storm == null ? null : storm.await(60L + settings.stormConnections() / settings.stormRamp());
            long lost = drain(traffic);
            stopping.set(true);
            Fleet.disconnectAll(publishers);
            Fleet.disconnectAll(subscribers);
            if (storm != null) {
                Fleet.disconnectAll(storm.clients());
            }
            if (settings.persistent() && settings.cleanup()) {
                removeSessions(
                        fleet,
                        plan.subscribers().stream()
                                .map(s -> fleet.options(s.clientId(), true, s.application()))
                                .toList());
                if (storm != null) {
                    removeSessions(fleet, storm.cleanStarts());
                }
            }
            TrafficReport report = new TrafficReport(
                    target,
                    settings,
                    publishers.size() + subscribers.size(),
                    settings.durationSeconds(),
                    window.counts(),
                    traffic.counts(),
                    lost,
                    LatencyStats.of(window.latency()),
                    LatencyStats.of(window.pubAck()),
                    window.serverCpuSeconds(),
                    window.serverCpuByPart(),
                    window.generatorCpuSeconds(),
                    drops.get(),
                    window.samples());
            return storm == null ? report : new StormReport(report, stormResult);
        }
    }

    private List<LoadClient> subscribe(Fleet fleet, Plan plan, Traffic traffic) throws Exception {
        List<ClientOptions> options = plan.subscribers().stream()
                .map(s -> fleet.options(s.clientId(), !settings.persistent(), s.application()))
                .toList();
        List<LoadClient> clients = fleet.connectAll(options);
        List<CompletableFuture<?>> subscribed = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            Plan.Subscriber spec = plan.subscribers().get(i);
            LoadClient client = clients.get(i);
            client.onMessage((topic, payload, qos) -> {
                Payloads.Header header = Payloads.decode(payload);
                if (header != null) {
                    traffic.received(spec.receiver(), header, System.nanoTime());
                }
            });
            subscribed.add(client.subscribe(spec.filter(), settings.qos()));
        }
        CompletableFuture.allOf(subscribed.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        return clients;
    }

    private void watchDrops(List<LoadClient> clients) {
        clients.forEach(this::watchDrop);
    }

    private void watchDrop(LoadClient client) {
        client.closed().thenRun(() -> {
            if (!stopping.get()) {
                drops.incrementAndGet();
                out.println("connection of " + client.clientId() + " closed during the run");
            }
        });
    }

    private Window publishAndMeasure(Plan plan, List<LoadClient> publishers, Traffic traffic, Storm storm)
            throws Exception {
        Window window = new Window(traffic, server, settings, out);
        AtomicBoolean publishing = new AtomicBoolean(true);
        Thread pacing = new Thread(() -> pace(plan, publishers, traffic, publishing), "pacer");
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "sampler"));
        pacing.start();
        sampler.scheduleAtFixedRate(window::tick, 1, 1, TimeUnit.SECONDS);
        if (storm != null) {
            sampler.schedule(storm::start, settings.warmupSeconds(), TimeUnit.SECONDS);
        }
        try {
            long seconds = settings.warmupSeconds() + settings.durationSeconds() + 30L;
            if (!window.awaitEnd(seconds, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the measured window did not end");
            }
        } finally {
            publishing.set(false);
            pacing.join();
            sampler.shutdownNow();
        }
        return window;
    }

    private void pace(Plan plan, List<LoadClient> publishers, Traffic traffic, AtomicBoolean publishing) {
        Pacer pacer = new Pacer(publishers.size(), settings.rate());
        long start = System.nanoTime();
        while (publishing.get()) {
            pacer.issue(System.nanoTime() - start, (p, seq) -> publish(plan, publishers.get(p), p, seq, traffic));
            LockSupport.parkNanos(200_000);
        }
    }

    private void publish(Plan plan, LoadClient client, int p, int seq, Traffic traffic) {
        long sentNanos = System.nanoTime();
        traffic.sent();
        client.publish(
                        plan.publishers().get(p).topic(),
                        settings.qos(),
                        Payloads.encode(settings.payloadBytes(), sentNanos, p, seq))
                .whenComplete((ok, error) -> {
                    if (error == null) {
                        traffic.confirmed(p, seq, sentNanos, System.nanoTime());
                    } else {
                        traffic.failed();
                    }
                });
    }

    /**
     * Waits, at most the drain time, until every publish in flight is confirmed or failed and every confirmed
     * message arrived; returns what is still missing. Without waiting for the acknowledgements, a message
     * whose PUBACK was still on its way would be left out of both the confirmed and the lost count.
     */
    private long drain(Traffic traffic) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.drainSeconds());
        long pending = traffic.pending();
        long lost = traffic.lost();
        while ((pending > 0 || lost > 0) && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(200);
            pending = traffic.pending();
            lost = traffic.lost();
        }
        return lost;
    }

    private void removeSessions(Fleet fleet, List<ClientOptions> cleanStarts) {
        try {
            List<LoadClient> clean = fleet.connectAll(cleanStarts);
            Fleet.disconnectAll(clean);
        } catch (Exception e) {
            out.println("could not remove the persistent sessions: " + e.getMessage());
        }
    }
}
