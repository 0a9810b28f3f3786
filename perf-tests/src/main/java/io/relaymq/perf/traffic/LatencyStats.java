package io.relaymq.perf.traffic;

import org.HdrHistogram.Histogram;

/** Latency summary in milliseconds from a histogram recorded in microseconds. */
public record LatencyStats(long count, double avg, double p50, double p95, double p99, double max) {

    public static LatencyStats of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new LatencyStats(0, 0, 0, 0, 0, 0);
        }
        return new LatencyStats(
                micros.getTotalCount(),
                micros.getMean() / 1000.0,
                ms(micros, 50),
                ms(micros, 95),
                ms(micros, 99),
                micros.getMaxValue() / 1000.0);
    }

    private static double ms(Histogram micros, double percentile) {
        return micros.getValueAtPercentile(percentile) / 1000.0;
    }
}
