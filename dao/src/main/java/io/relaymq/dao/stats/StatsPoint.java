package io.relaymq.dao.stats;

/** One value of one statistics key at {@code ts} (epoch milliseconds, the start of its interval or bucket). */
public record StatsPoint(String key, long ts, double value) {}
