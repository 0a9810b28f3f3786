package io.relaymq.dao.stats;

import io.relaymq.dao.jdbc.Jdbc;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The hourly rollup of the statistics ({@code stats_hour}): per node and hour the sum, count, smallest and
 * largest of its points, and the same for the cluster total under {@link StatsQuery#TOTAL_ENTITY}.
 */
public final class HourStatsRepository {

    public static final long HOUR_MILLIS = 3_600_000L;

    /** Taken for the rollup statement's transaction, so nodes rolling up at the same moment take turns. */
    private static final long ROLLUP_LOCK = 0x52_4D_51_53_54_41_54_53L;

    private static final String ROLL_UP = """
            WITH lock AS (SELECT pg_advisory_xact_lock(?)),
            points AS (
              SELECT entity_id, key, ts, value FROM stats_minute WHERE ts >= ? AND ts < ?
              UNION ALL
              SELECT ?, key, ts, CASE WHEN key = ANY(?) THEN max(value) ELSE sum(value) END
              FROM stats_minute WHERE ts >= ? AND ts < ? GROUP BY key, ts)
            INSERT INTO stats_hour AS h (entity_id, key, ts, value_sum, value_count, value_min, value_max)
            SELECT entity_id, key, ts - ts % 3600000, sum(value), count(*), min(value), max(value)
            FROM points WHERE EXISTS (SELECT 1 FROM lock)
            GROUP BY entity_id, key, ts - ts % 3600000
            ORDER BY 1, 2, 3
            ON CONFLICT (entity_id, key, ts) DO UPDATE SET
              value_sum = EXCLUDED.value_sum, value_count = EXCLUDED.value_count,
              value_min = EXCLUDED.value_min, value_max = EXCLUDED.value_max""";

    private final Jdbc jdbc;

    public HourStatsRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /**
     * Rolls the points of the hours from {@code fromTs} to {@code toTs} (both full hours) into hourly rows,
     * replacing the rows of those hours, so running it again (on any node) gives the same rows. Returns the
     * rows written. A node that finds another one rolling up waits for it to finish.
     */
    public int rollUp(long fromTs, long toTs, String[] clusterWideKeys) {
        if (fromTs % HOUR_MILLIS != 0 || toTs % HOUR_MILLIS != 0 || toTs <= fromTs) {
            throw new IllegalArgumentException("roll up whole hours: " + fromTs + ".." + toTs);
        }
        return jdbc.update(ROLL_UP, ROLLUP_LOCK, fromTs, toTs, StatsQuery.TOTAL_ENTITY, clusterWideKeys, fromTs, toTs);
    }

    /**
     * The hourly rows aggregated into buckets of {@code interval} ms (a multiple of an hour) from
     * {@code query.startTs()} (a full hour): SUM adds the hours' sums, AVG divides them by the points
     * counted, MIN and MAX take the smallest and largest point. Sorted by key, then time.
     */
    public List<StatsPoint> buckets(StatsQuery query, long interval, StatsAggregation aggregation) {
        String sql = "SELECT key, ? + ((ts - ?) / ?) * ? AS bucket, " + expression(aggregation)
                + " FROM stats_hour WHERE entity_id = ? AND key = ANY(?) AND ts >= ? AND ts < ?"
                + " GROUP BY key, bucket ORDER BY key, bucket";
        List<Object> args = new ArrayList<>(List.of(query.startTs(), query.startTs(), interval, interval));
        args.add(query.isTotal() ? StatsQuery.TOTAL_ENTITY : query.entityId());
        args.add(query.keys());
        args.add(query.startTs());
        args.add(query.endTs());
        return jdbc.query(sql, MinuteStatsRepository::point, args.toArray());
    }

    /** Deletes every hourly row of an hour that started before {@code ts}; returns how many. */
    public int deleteBefore(long ts) {
        return jdbc.update("DELETE FROM stats_hour WHERE ts < ?", ts);
    }

    private static String expression(StatsAggregation aggregation) {
        return switch (aggregation) {
            case SUM -> "sum(value_sum)";
            case AVG -> "sum(value_sum)::float8 / sum(value_count)";
            case MIN -> "min(value_min)";
            case MAX -> "max(value_max)";
            case NONE -> throw new IllegalArgumentException("NONE has no buckets; read the points");
        };
    }
}
