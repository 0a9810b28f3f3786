package io.relaymq.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A storm run: the P2P traffic that flowed (its measured window begins with the storm) and what the
 * clients that connected meanwhile saw.
 */
public record StormReport(TrafficReport traffic, StormResult storm) implements Report {

    @Override
    public String target() {
        return traffic.target();
    }

    /**
     * The highest per-second p99 of the flowing traffic from the storm's start until the second after its last
     * client was subscribed (the storm starts a little after its tick), or to the end of the window when not all
     * were. A second without deliveries counts as its p99 of 0.
     */
    public double worstSecondP99DuringStorm() {
        double lastSecond = Double.isNaN(storm.secondsToAll())
                ? Double.MAX_VALUE
                : storm.startSecond() + Math.ceil(storm.secondsToAll()) + 1;
        return traffic.samples().stream()
                .filter(s -> s.second() > storm.startSecond() && s.second() <= lastSecond)
                .mapToDouble(Sample::p99Ms)
                .max()
                .orElse(Double.NaN);
    }

    @Override
    public List<Metric> headline() {
        List<Metric> metrics = new ArrayList<>(traffic.headline());
        metrics.add(new Metric("storm: worst second's p99 ms", worstSecondP99DuringStorm(), false));
        metrics.add(new Metric("storm: s until all subscribed", storm.secondsToAll(), false));
        metrics.add(new Metric(
                "storm: connect to SUBACK p99 ms", storm.connectToSubAck().p99(), false));
        metrics.add(new Metric("storm: failed", storm.failed(), false));
        return metrics;
    }

    @Override
    public String summary() {
        return traffic.summary()
                + String.format(
                        Locale.ROOT,
                        "%nstorm: %,d of %,d clients subscribed (%d failed, %d unfinished), the last %.1f s after the first attempt; "
                                + "connect to SUBACK avg %.1f / p50 %.1f / p99 %.1f / max %.1f ms; "
                                + "flowing traffic's worst second p99 %.1f ms meanwhile",
                        storm.subscribed(),
                        storm.clients(),
                        storm.failed(),
                        storm.unfinished(),
                        storm.secondsToAll(),
                        storm.connectToSubAck().avg(),
                        storm.connectToSubAck().p50(),
                        storm.connectToSubAck().p99(),
                        storm.connectToSubAck().max(),
                        worstSecondP99DuringStorm());
    }

    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>(traffic.toJson());
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("clients", storm.clients());
        s.put("subscribed", storm.subscribed());
        s.put("failed", storm.failed());
        s.put("unfinished", storm.unfinished());
        s.put("secondsToAllSubscribed", storm.secondsToAll());
        s.put("connectToSubAckMs", Reports.latency(storm.connectToSubAck()));
        s.put("startSecond", storm.startSecond());
        s.put("worstSecondP99MsDuringStorm", worstSecondP99DuringStorm());
        json.put("storm", s);
        return json;
    }
}
