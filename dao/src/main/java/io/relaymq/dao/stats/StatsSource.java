package io.relaymq.dao.stats;

import java.util.List;

/**
 * Which rows of {@code stats_minute} a read covers, as a sub-select of (key, ts, value) with its parameters:
 * one node's rows, or the cluster total per point in time (summed over the nodes, except the
 * {@code clusterWideKeys}, which every node sees alike and of which the largest value is taken).
 */
record StatsSource(String sql, List<Object> params) {

    static StatsSource of(StatsQuery query) {
        return query.isTotal()
                ? total(query.keys(), query.clusterWideKeys(), query.startTs(), query.endTs())
                : node(query.entityId(), query.keys(), query.startTs(), query.endTs());
    }

    static StatsSource node(String entityId, String[] keys, long startTs, long endTs) {
        return new StatsSource("""
                (SELECT key, ts, value FROM stats_minute
                 WHERE entity_id = ? AND key = ANY(?) AND ts >= ? AND ts < ?) p""", List.of(entityId, keys, startTs, endTs));
    }

    static StatsSource total(String[] keys, String[] clusterWideKeys, long startTs, long endTs) {
        return new StatsSource("""
                (SELECT key, ts, CASE WHEN key = ANY(?) THEN max(value) ELSE sum(value) END AS value
                 FROM stats_minute WHERE key = ANY(?) AND ts >= ? AND ts < ? GROUP BY key, ts) p""", List.of(clusterWideKeys, keys, startTs, endTs));
    }
}
