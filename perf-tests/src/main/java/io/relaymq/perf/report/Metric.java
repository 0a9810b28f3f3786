package io.relaymq.perf.report;

/**
 * A headline figure for side-by-side tables.
 *
 * @param higherIsBetter whether a larger value is the better one (throughput) or the worse one (latency)
 */
public record Metric(String name, double value, boolean higherIsBetter) {}
