package io.relaymq.perf.report;

import io.relaymq.perf.scenario.ScenarioSettings;
import io.relaymq.perf.traffic.LatencyStats;
import io.relaymq.perf.traffic.Traffic;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result of a p2p, fan-in or fan-out run.
 *
 * @param window             counts inside the measured window
 * @param totals             counts of the whole run, warm-up and drain included
 * @param lost               confirmed messages a receiver never got (whole run)
 * @param serverCpuSeconds   server CPU in the window; NaN when the server processes are not visible
 * @param serverCpuByPart    the same per part of the server side (broker, kafka, redis, postgres)
 * @param generatorCpuSeconds the load generator's own CPU in the window
 * @param drops              connections that closed while traffic ran
 */
public record TrafficReport(
        String target,
        ScenarioSettings settings,
        int connections,
        double seconds,
        Traffic.Counts window,
        Traffic.Counts totals,
        long lost,
        LatencyStats latency,
        LatencyStats pubAck,
        double serverCpuSeconds,
        Map<String, Double> serverCpuByPart,
        double generatorCpuSeconds,
        long drops,
        List<Sample> samples)
        implements Report {

    public TrafficReport {
        serverCpuByPart = Collections.unmodifiableMap(new LinkedHashMap<>(serverCpuByPart));
        samples = List.copyOf(samples);
    }

    public double inRate() {
        return window.acked() / seconds;
    }

    public double outRate() {
        return window.received() / seconds;
    }

    /** Messages delivered to subscribers per CPU-second of all server processes. */
    public double perServerCpuSecond() {
        return serverCpuSeconds > 0 ? window.received() / serverCpuSeconds : Double.NaN;
    }

    /**
     * Messages in plus messages out per server CPU-second: the way TBMQ and EMQX count throughput, so their
     * published per-core figures compare with this one (for P2P it is twice {@link #perServerCpuSecond()}).
     */
    public double inPlusOutPerServerCpuSecond() {
        return serverCpuSeconds > 0 ? (window.acked() + window.received()) / serverCpuSeconds : Double.NaN;
    }

    @Override
    public List<Metric> headline() {
        return List.of(
                new Metric("msgs/s out", outRate(), true),
                new Metric("msgs per server CPU-s", perServerCpuSecond(), true),
                new Metric("in+out per server CPU-s", inPlusOutPerServerCpuSecond(), true),
                new Metric("server cores", serverCpuSeconds / seconds, false),
                new Metric("latency avg ms", latency.avg(), false),
                new Metric("latency p50 ms", latency.p50(), false),
                new Metric("latency p99 ms", latency.p99(), false),
                new Metric("latency max ms", latency.max(), false),
                new Metric("PUBACK p99 ms", pubAck.p99(), false),
                new Metric("lost", lost, false),
                new Metric("duplicates", totals.duplicates(), false));
    }

    @Override
    public String summary() {
        return String.format(
                Locale.ROOT,
                "%s %s: %,.0f msg/s in, %,.0f msg/s out, %,.0f msgs per server CPU-s "
                        + "(%,.0f in+out; %.2f cores), latency avg %.1f / p50 %.1f / p95 %.1f / p99 %.1f / max %.1f ms, PUBACK p99 %.1f ms, "
                        + "lost %d, duplicates %d, unexpected %d, drops %d; generator %.2f cores%s",
                target,
                settings.scenario(),
                inRate(),
                outRate(),
                perServerCpuSecond(),
                inPlusOutPerServerCpuSecond(),
                serverCpuSeconds / seconds,
                latency.avg(),
                latency.p50(),
                latency.p95(),
                latency.p99(),
                latency.max(),
                pubAck.p99(),
                lost,
                totals.duplicates(),
                totals.unexpected(),
                drops,
                generatorCpuSeconds / seconds,
                parts());
    }

    private String parts() {
        StringBuilder text = new StringBuilder();
        serverCpuByPart.forEach((part, cpu) -> text.append(text.length() == 0 ? "; server cores: " : ", ")
                .append(String.format(Locale.ROOT, "%s %.2f", part, cpu / seconds)));
        return text.toString();
    }

    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("target", target);
        json.put("scenario", settings.scenario());
        json.put("settings", Reports.settings(settings));
        json.put("connections", connections);
        json.put("seconds", seconds);
        json.put("messagesPerSecondIn", inRate());
        json.put("messagesPerSecondOut", outRate());
        json.put("serverCpuSeconds", serverCpuSeconds);
        json.put("serverCores", serverCpuSeconds / seconds);
        json.put("messagesPerServerCpuSecond", perServerCpuSecond());
        json.put("messagesInPlusOutPerServerCpuSecond", inPlusOutPerServerCpuSecond());
        Map<String, Object> cores = new LinkedHashMap<>();
        serverCpuByPart.forEach((part, cpu) -> cores.put(part, cpu / seconds));
        json.put("serverCoresByPart", cores);
        json.put("loadGeneratorCpuSeconds", generatorCpuSeconds);
        json.put("loadGeneratorCores", generatorCpuSeconds / seconds);
        json.put("latencyMs", Reports.latency(latency));
        json.put("pubAckMs", Reports.latency(pubAck));
        json.put("window", Reports.counts(window));
        json.put("totals", Reports.counts(totals));
        json.put("lost", lost);
        json.put("connectionDrops", drops);
        json.put("samples", samples.stream().map(Sample::toJson).toList());
        return json;
    }
}
