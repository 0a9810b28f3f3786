package io.relaymq.broker.api.timeseries;

import io.relaymq.broker.stats.StatsKey;
import io.relaymq.dao.stats.StatsAggregation;
import java.util.List;
import java.util.Locale;

/**
 * A checked request for values: what to read, from which table and in which buckets. Aggregated reads of
 * more than {@link #RAW_RANGE_MILLIS}, or with buckets of an hour or more, read the hourly rollup: their
 * buckets are whole hours and start at the hour {@code startTs} falls in. Other aggregated reads use the
 * per-interval points with buckets from {@code startTs}. NONE returns the newest {@code limit} points as
 * stored. A point or bucket carries its start time.
 *
 * @param entityId  a node id, or null for the total over all nodes
 * @param startTs   start of the first bucket (inclusive, epoch ms)
 * @param endTs     end of the range (exclusive)
 * @param interval  bucket length in ms (0 for NONE)
 * @param rollup    whether the hourly rollup is read
 */
record SeriesPlan(
        String entityId,
        List<StatsKey> keys,
        long startTs,
        long endTs,
        long interval,
        StatsAggregation aggregation,
        int limit,
        boolean rollup) {

    /** At most this many buckets per key (TBMQ's default for DATABASE_TS_MAX_INTERVALS). */
    static final int MAX_BUCKETS = 700;

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 10_000;
    static final long MIN_INTERVAL = 1_000;
    static final long HOUR = 3_600_000;
    static final long RAW_RANGE_MILLIS = 2 * 24 * HOUR;
    /** Times beyond this (the year 5138) are refused, so the bucket arithmetic cannot overflow. */
    static final long MAX_TS = 100_000_000_000_000L;
    /** Ten years of 366 days. */
    static final long MAX_INTERVAL = 3660 * 24 * HOUR;

    /** Checks every parameter and plans the read; IllegalArgumentException names what is wrong. */
    static SeriesPlan of(
            String entityId, String keys, long startTs, long endTs, Long interval, String agg, Integer limit) {
        String entity = SeriesParams.entity(entityId);
        List<StatsKey> parsed = SeriesParams.keys(keys, true);
        if (startTs < 0 || startTs > MAX_TS || endTs > MAX_TS) {
            throw new IllegalArgumentException("startTs and endTs must be between 0 and " + MAX_TS);
        }
        if (endTs < startTs) {
            throw new IllegalArgumentException("endTs must not be before startTs");
        }
        StatsAggregation aggregation = aggregation(agg);
        int max = limit == null ? DEFAULT_LIMIT : limit;
        if (max < 1 || max > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (aggregation == StatsAggregation.NONE) {
            return new SeriesPlan(entity, parsed, startTs, endTs, 0, aggregation, max, false);
        }
        long range = endTs - startTs;
        long length = interval == null ? defaultInterval(range) : interval;
        if (length < MIN_INTERVAL || length > MAX_INTERVAL) {
            throw new IllegalArgumentException(
                    "interval must be between " + MIN_INTERVAL + " and " + MAX_INTERVAL + " ms");
        }
        boolean rollup = length >= HOUR || range > RAW_RANGE_MILLIS;
        long start = startTs;
        if (rollup) {
            length = ceilTo(length, HOUR);
            start = Math.floorDiv(startTs, HOUR) * HOUR;
        }
        long buckets = (endTs - start + length - 1) / length;
        if (buckets > MAX_BUCKETS) {
            throw new IllegalArgumentException("the range holds " + buckets + " intervals of " + length
                    + " ms; at most " + MAX_BUCKETS + " are allowed, choose a larger interval");
        }
        return new SeriesPlan(entity, parsed, start, endTs, length, aggregation, max, rollup);
    }

    private static StatsAggregation aggregation(String agg) {
        if (agg == null || agg.isBlank()) {
            return StatsAggregation.NONE;
        }
        try {
            return StatsAggregation.valueOf(agg.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agg must be one of SUM, AVG, MIN, MAX, NONE");
        }
    }

    /** The smallest whole number of minutes that keeps the range within {@link #MAX_BUCKETS} buckets. */
    static long defaultInterval(long range) {
        long minute = 60_000;
        long needed = (range + MAX_BUCKETS - 1) / MAX_BUCKETS;
        return Math.max(minute, ceilTo(needed, minute));
    }

    private static long ceilTo(long value, long unit) {
        return (value + unit - 1) / unit * unit;
    }
}
