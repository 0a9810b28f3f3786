package io.relaymq.perf.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One second of a run.
 *
 * @param second      seconds since traffic started
 * @param warmup      inside the warm-up (not part of the measured figures)
 * @param sent        messages sent per second
 * @param acked       messages acknowledged per second
 * @param received    messages received per second
 * @param p50Ms       end-to-end latency median in that second
 * @param p99Ms       end-to-end latency 99th percentile in that second
 * @param serverCores server CPU used in that second, in cores (NaN when not measured)
 */
public record Sample(
        int second,
        boolean warmup,
        long sent,
        long acked,
        long received,
        double p50Ms,
        double p99Ms,
        double serverCores) {

    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("t", second);
        json.put("warmup", warmup);
        json.put("sent", sent);
        json.put("acked", acked);
        json.put("received", received);
        json.put("p50Ms", p50Ms);
        json.put("p99Ms", p99Ms);
        json.put("serverCores", serverCores);
        return json;
    }
}
