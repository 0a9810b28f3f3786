package io.relaymq.perf.report;

import io.relaymq.perf.scenario.ScenarioSettings;
import io.relaymq.perf.traffic.LatencyStats;
import io.relaymq.perf.traffic.Traffic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** JSON pieces shared by the reports, and writing a report's files. */
public final class Reports {

    private Reports() {}

    static Map<String, Object> settings(ScenarioSettings s) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("mqtt", s.mqtt5() ? "5" : "3.1.1");
        json.put("qos", s.qos());
        json.put("publishers", s.publishers());
        json.put("subscribers", s.subscribers());
        json.put("ratePerPublisher", s.rate());
        json.put("payloadBytes", s.payloadBytes());
        json.put("persistent", s.persistent());
        json.put("tls", s.tls());
        json.put("warmupSeconds", s.warmupSeconds());
        json.put("durationSeconds", s.durationSeconds());
        json.put("ports", s.ports());
        if (s.scenario().equals("storm")) {
            json.put("stormConnections", s.stormConnections());
            json.put("stormRamp", s.stormRamp());
        }
        return json;
    }

    static Map<String, Object> latency(LatencyStats l) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("count", l.count());
        json.put("avg", l.avg());
        json.put("p50", l.p50());
        json.put("p95", l.p95());
        json.put("p99", l.p99());
        json.put("max", l.max());
        return json;
    }

    static Map<String, Object> counts(Traffic.Counts c) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sent", c.sent());
        json.put("acked", c.acked());
        json.put("failed", c.failed());
        json.put("received", c.received());
        json.put("duplicates", c.duplicates());
        json.put("unexpected", c.unexpected());
        return json;
    }

    /** Writes {@code <name>.json} and, for traffic runs, {@code <name>.html}; returns the JSON path. */
    public static Path write(Report report, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path json = dir.resolve(name + ".json");
        Files.writeString(json, Json.write(report.toJson()) + "\n");
        if (report instanceof TrafficReport traffic) {
            Files.writeString(dir.resolve(name + ".html"), HtmlChart.render(traffic));
        } else if (report instanceof StormReport storm) {
            Files.writeString(dir.resolve(name + ".html"), HtmlChart.render(storm.traffic()));
        }
        return json;
    }
}
