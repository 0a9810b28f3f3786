package io.relaymq.dao.stats;

import io.relaymq.dao.jdbc.Jdbc;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The per-interval statistics points of the nodes ({@code stats_minute}): written by each node once per
 * interval, read in buckets, as points or as the latest value, and deleted after the raw retention.
 */
public final class MinuteStatsRepository {

    private static final String LATEST = """
            SELECT k.key, m.ts, m.value FROM unnest(?::varchar[]) AS k(key)
            CROSS JOIN LATERAL (
              SELECT ts, value FROM stats_minute WHERE entity_id = ? AND key = k.key ORDER BY ts DESC LIMIT 1) m
            ORDER BY k.key""";

    // each node's newest point within the window before the newest one: right after an interval starts, only
    // some nodes have written it, and summing that one time alone would show part of the cluster
    private static final String LATEST_TOTAL = """
            SELECT k.key, t.ts, CASE WHEN k.key = ANY(?) THEN max(m.value) ELSE sum(m.value) END
            FROM unnest(?::varchar[]) AS k(key)
            CROSS JOIN LATERAL (SELECT max(ts) AS ts FROM stats_minute WHERE key = k.key) t
            CROSS JOIN LATERAL (
              SELECT DISTINCT ON (entity_id) value FROM stats_minute
              WHERE key = k.key AND ts > t.ts - ? AND ts <= t.ts
              ORDER BY entity_id, ts DESC) m
            GROUP BY k.key, t.ts ORDER BY k.key""";

    private final Jdbc jdbc;

    public MinuteStatsRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /** Writes one node's values of one interval in a single statement; writing the same point again replaces it. */
    public void write(String entityId, long ts, Map<String, Long> values) {
        if (values.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("INSERT INTO stats_minute (entity_id, key, ts, value) VALUES ");
        List<Object> args = new ArrayList<>(values.size() * 4);
        values.forEach((key, value) -> {
            sql.append(args.isEmpty() ? "" : ", ").append("(?, ?, ?, ?)");
            args.add(entityId);
            args.add(key);
            args.add(ts);
            args.add(value);
        });
        sql.append(" ON CONFLICT (entity_id, key, ts) DO UPDATE SET value = EXCLUDED.value");
        jdbc.update(sql.toString(), args.toArray());
    }

    /**
     * The points aggregated into buckets of {@code interval} ms that start at {@code query.startTs()}; each
     * point carries its bucket's start. Buckets without points are left out. Sorted by key, then time.
     */
    public List<StatsPoint> buckets(StatsQuery query, long interval, StatsAggregation aggregation) {
        StatsSource source = StatsSource.of(query);
        String sql = "SELECT key, ? + ((ts - ?) / ?) * ? AS bucket, " + function(aggregation) + "(value) FROM "
                + source.sql() + " GROUP BY key, bucket ORDER BY key, bucket";
        List<Object> args = new ArrayList<>(List.of(query.startTs(), query.startTs(), interval, interval));
        args.addAll(source.params());
        return jdbc.query(sql, MinuteStatsRepository::point, args.toArray());
    }

    /** The newest {@code limit} points of each key in the range, as stored, sorted by key, then time. */
    public List<StatsPoint> points(StatsQuery query, int limit) {
        StatsSource source = StatsSource.of(query);
        String sql = "SELECT key, ts, value FROM (SELECT key, ts, value, row_number() OVER "
                + "(PARTITION BY key ORDER BY ts DESC) AS n FROM " + source.sql()
                + ") q WHERE n <= ? ORDER BY key, ts";
        List<Object> args = new ArrayList<>(source.params());
        args.add(limit);
        return jdbc.query(sql, MinuteStatsRepository::point, args.toArray());
    }

    /** The newest point of each key that has one (for the total: the sum at the newest time any node wrote). */
    public List<StatsPoint> latest(StatsQuery query, long windowMillis) {
        return query.isTotal()
                ? jdbc.query(
                        LATEST_TOTAL, MinuteStatsRepository::point, query.clusterWideKeys(), query.keys(), windowMillis)
                : jdbc.query(LATEST, MinuteStatsRepository::point, query.keys(), query.entityId());
    }

    /** Deletes every point older than {@code ts}; returns how many. */
    public int deleteBefore(long ts) {
        return jdbc.update("DELETE FROM stats_minute WHERE ts < ?", ts);
    }

    static String function(StatsAggregation aggregation) {
        return switch (aggregation) {
            case SUM -> "sum";
            case AVG -> "avg";
            case MIN -> "min";
            case MAX -> "max";
            case NONE -> throw new IllegalArgumentException("NONE has no buckets; read the points");
        };
    }

    static StatsPoint point(ResultSet row) throws SQLException {
        return new StatsPoint(row.getString(1), row.getLong(2), row.getDouble(3));
    }
}
