package io.relaymq.perf.report;

import io.relaymq.perf.scenario.ScenarioSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result of an idle-connections run.
 *
 * @param rssBeforeBytes    server resident memory before connecting
 * @param rssAfterBytes     server resident memory after holding the connections
 * @param connectSeconds    time to open them all
 * @param holdCpuSeconds    server CPU while they were held (keep-alive traffic only)
 * @param holdSeconds       how long they were held
 * @param generatorCpuSeconds the load generator's CPU while connecting and holding
 */
public record IdleReport(
        String target,
        ScenarioSettings settings,
        int connections,
        double connectSeconds,
        long rssBeforeBytes,
        long rssAfterBytes,
        double holdCpuSeconds,
        double holdSeconds,
        double generatorCpuSeconds,
        long drops)
        implements Report {

    public double bytesPerConnection() {
        return connections == 0 ? Double.NaN : (double) (rssAfterBytes - rssBeforeBytes) / connections;
    }

    @Override
    public List<Metric> headline() {
        return List.of(
                new Metric("connections", connections, true),
                new Metric("connects/s", connections / connectSeconds, true),
                new Metric("bytes per connection", bytesPerConnection(), false),
                new Metric("idle server cores", holdCpuSeconds / holdSeconds, false),
                new Metric("drops", drops, false));
    }

    @Override
    public String summary() {
        return String.format(
                Locale.ROOT,
                "%s idle: %,d connections in %.1f s, server RSS %,d -> %,d MiB "
                        + "(%,.0f bytes per connection), %.3f server cores while idle, drops %d; generator %.1f CPU-s",
                target,
                connections,
                connectSeconds,
                rssBeforeBytes >> 20,
                rssAfterBytes >> 20,
                bytesPerConnection(),
                holdCpuSeconds / holdSeconds,
                drops,
                generatorCpuSeconds);
    }

    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("target", target);
        json.put("scenario", "idle");
        json.put("settings", Reports.settings(settings));
        json.put("connections", connections);
        json.put("connectSeconds", connectSeconds);
        json.put("serverRssBeforeBytes", rssBeforeBytes);
        json.put("serverRssAfterBytes", rssAfterBytes);
        json.put("bytesPerConnection", bytesPerConnection());
        json.put("holdSeconds", holdSeconds);
        json.put("serverCoresWhileIdle", holdCpuSeconds / holdSeconds);
        json.put("loadGeneratorCpuSeconds", generatorCpuSeconds);
        json.put("connectionDrops", drops);
        return json;
    }
}
