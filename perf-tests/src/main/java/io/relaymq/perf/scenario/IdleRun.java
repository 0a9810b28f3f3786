package io.relaymq.perf.scenario;

import io.relaymq.perf.client.Connector;
import io.relaymq.perf.client.LoadClient;
import io.relaymq.perf.report.IdleReport;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Opens M connections that do nothing but keep alive, holds them, and reports the server's resident
 * memory growth per connection and the CPU it spends on idle clients.
 */
public final class IdleRun {

    private final ScenarioSettings settings;
    private final ServerProbe server;
    private final String target;
    private final PrintStream out;

    public IdleRun(ScenarioSettings settings, ServerProbe server, String target, PrintStream out) {
        this.settings = settings;
        this.server = server;
        this.target = target;
        this.out = out;
    }

    public IdleReport run() throws Exception {
        try (Connector connector = new Connector(settings.threads(), settings.tls())) {
            Fleet fleet = new Fleet(connector, settings);
            long rssBefore = server.rssBytes();
            double ownBefore = Window.ownCpuSeconds();
            long start = System.nanoTime();
            List<LoadClient> clients = fleet.connectAll(IntStream.range(0, settings.idleConnections())
                    .mapToObj(i -> fleet.options(settings.clientPrefix() + "-idle-" + i, true, false))
                    .toList());
            double connectSeconds = (System.nanoTime() - start) / 1e9;
            out.printf(
                    "%,d idle connections open after %.1f s; holding %d s%n",
                    clients.size(), connectSeconds, settings.idleHoldSeconds());
            AtomicBoolean stopping = new AtomicBoolean();
            AtomicLong drops = new AtomicLong();
            clients.forEach(c -> c.closed().thenRun(() -> {
                if (!stopping.get()) {
                    drops.incrementAndGet();
                }
            }));
            double cpuBefore = server.cpuSeconds();
            long holdStart = System.nanoTime();
            TimeUnit.SECONDS.sleep(settings.idleHoldSeconds());
            double holdSeconds = Math.max(1e-3, (System.nanoTime() - holdStart) / 1e9);
            double holdCpu = server.known() ? server.cpuSeconds() - cpuBefore : Double.NaN;
            long rssAfter = server.rssBytes();
            double ownCpu = Window.ownCpuSeconds() - ownBefore;
            stopping.set(true);
            Fleet.disconnectAll(clients);
            return new IdleReport(
                    target,
                    settings,
                    clients.size(),
                    connectSeconds,
                    rssBefore,
                    rssAfter,
                    holdCpu,
                    holdSeconds,
                    ownCpu,
                    drops.get());
        }
    }
}
