package io.relaymq.perf.scenario;

import com.sun.management.OperatingSystemMXBean;
import io.relaymq.perf.report.Sample;
import io.relaymq.perf.traffic.Traffic;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Samples a run once a second: per-second rates and latency for the chart, progress on the terminal,
 * and the measured window's totals (counts, histograms, server and generator CPU) between the end of
 * the warm-up and the end of the duration. Only its own thread calls {@link #tick()}.
 */
final class Window {

    private final Traffic traffic;
    private final ServerProbe server;
    private final int warmup;
    private final int duration;
    private final int progressEvery;
    private final PrintStream out;
    private final List<Sample> samples = new ArrayList<>();
    private final Histogram latency = new Histogram(3);
    private final Histogram pubAck = new Histogram(3);
    private final CountDownLatch done = new CountDownLatch(1);
    private int second;
    private Traffic.Counts last;
    private Traffic.Counts windowStart;
    private Traffic.Counts windowEnd;
    private double serverCpu;
    private double serverCpuStart;
    private double serverCpuEnd;
    private Map<String, Double> partsStart = Map.of();
    private Map<String, Double> partsEnd = Map.of();
    private double ownCpuStart;
    private double ownCpuEnd;

    Window(Traffic traffic, ServerProbe server, ScenarioSettings s, PrintStream out) {
        this.traffic = traffic;
        this.server = server;
        this.warmup = s.warmupSeconds();
        this.duration = s.durationSeconds();
        this.progressEvery = s.progressSeconds();
        this.out = out;
        this.last = traffic.counts();
        this.serverCpu = server.cpuSeconds();
        if (warmup == 0) {
            startWindow(last, serverCpu);
        }
    }

    void tick() {
        second++;
        Traffic.Interval interval = traffic.interval();
        Traffic.Counts now = interval.counts();
        Traffic.Counts delta = now.minus(last);
        last = now;
        Histogram lat = interval.latency();
        Histogram ack = interval.pubAck();
        double cpu = server.cpuSeconds();
        double cores = server.known() ? cpu - serverCpu : Double.NaN;
        serverCpu = cpu;
        boolean inWarmup = second <= warmup;
        samples.add(new Sample(
                second,
                inWarmup,
                delta.sent(),
                delta.acked(),
                delta.received(),
                lat.getValueAtPercentile(50) / 1000.0,
                lat.getValueAtPercentile(99) / 1000.0,
                cores));
        if (!inWarmup && second <= warmup + duration) {
            latency.add(lat);
            pubAck.add(ack);
        }
        if (second == warmup) {
            startWindow(now, cpu);
        }
        if (second == warmup + duration) {
            windowEnd = now;
            serverCpuEnd = cpu;
            partsEnd = server.cpuSecondsByPart();
            ownCpuEnd = ownCpuSeconds();
            done.countDown();
        }
        if (second % progressEvery == 0) {
            progress(now);
        }
    }

    private void startWindow(Traffic.Counts now, double cpu) {
        windowStart = now;
        serverCpuStart = cpu;
        partsStart = server.cpuSecondsByPart();
        ownCpuStart = ownCpuSeconds();
    }

    private void progress(Traffic.Counts now) {
        int span = Math.min(progressEvery, samples.size());
        List<Sample> recent = samples.subList(samples.size() - span, samples.size());
        double in = recent.stream().mapToLong(Sample::acked).sum() / (double) span;
        double outRate = recent.stream().mapToLong(Sample::received).sum() / (double) span;
        double p99 = recent.stream().mapToDouble(Sample::p99Ms).max().orElse(0);
        out.printf(
                Locale.ROOT,
                "%4d s %s: %,9.0f msg/s in, %,9.0f msg/s out, p99 %6.1f ms, %,d sent, %,d received%n",
                second,
                second <= warmup ? "warm-up" : "measure",
                in,
                outRate,
                p99,
                now.sent(),
                now.received());
    }

    boolean awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
        return done.await(timeout, unit);
    }

    Traffic.Counts counts() {
        return windowEnd.minus(windowStart);
    }

    double serverCpuSeconds() {
        return server.known() ? serverCpuEnd - serverCpuStart : Double.NaN;
    }

    /** Server CPU seconds in the window per part (broker, kafka, …). */
    Map<String, Double> serverCpuByPart() {
        Map<String, Double> byPart = new LinkedHashMap<>();
        partsEnd.forEach((part, end) -> byPart.put(part, end - partsStart.getOrDefault(part, 0.0)));
        return byPart;
    }

    double generatorCpuSeconds() {
        return ownCpuEnd - ownCpuStart;
    }

    Histogram latency() {
        return latency;
    }

    Histogram pubAck() {
        return pubAck;
    }

    List<Sample> samples() {
        return List.copyOf(samples);
    }

    static double ownCpuSeconds() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }
}
