package io.relaymq.broker.api.timeseries;

import io.relaymq.broker.stats.StatsHistoryProperties;
import io.relaymq.broker.stats.StatsKey;
import io.relaymq.dao.stats.HourStatsRepository;
import io.relaymq.dao.stats.MinuteStatsRepository;
import io.relaymq.dao.stats.StatsAggregation;
import io.relaymq.dao.stats.StatsPoint;
import io.relaymq.dao.stats.StatsQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/** Runs a checked timeseries request against the per-interval points or the hourly rollup. */
@Service
class TimeseriesReader {

    private final MinuteStatsRepository minutes;
    private final HourStatsRepository hours;
    private final long latestWindow;

    TimeseriesReader(MinuteStatsRepository minutes, HourStatsRepository hours, StatsHistoryProperties settings) {
        this.minutes = minutes;
        this.hours = hours;
        // a node's point counts in the total's latest value while it is at most two intervals older
        this.latestWindow = 2 * settings.interval().toMillis();
    }

    /** Every requested key, in the order requested, with its points by time ascending (empty when none). */
    Map<String, List<TsValue>> values(SeriesPlan plan) {
        StatsQuery query = query(plan.entityId(), plan.keys(), plan.startTs(), plan.endTs());
        List<StatsPoint> points;
        if (plan.aggregation() == StatsAggregation.NONE) {
            points = minutes.points(query, plan.limit());
        } else if (plan.rollup()) {
            points = hours.buckets(query, plan.interval(), plan.aggregation());
        } else {
            points = minutes.buckets(query, plan.interval(), plan.aggregation());
        }
        Map<String, List<TsValue>> byKey = new LinkedHashMap<>();
        plan.keys().forEach(k -> byKey.put(k.key(), new ArrayList<>()));
        for (StatsPoint p : points) {
            byKey.get(p.key()).add(TsValue.of(p.ts(), p.value()));
        }
        return byKey;
    }

    /** The newest value of each of {@code keys} that has one, in the order of {@code keys}. */
    Map<String, TsValue> latest(String entityId, List<StatsKey> keys) {
        Map<String, TsValue> found = new LinkedHashMap<>();
        minutes.latest(query(entityId, keys, 0, Long.MAX_VALUE), latestWindow)
                .forEach(p -> found.put(p.key(), TsValue.of(p.ts(), p.value())));
        Map<String, TsValue> ordered = new LinkedHashMap<>();
        keys.forEach(k -> {
            TsValue value = found.get(k.key());
            if (value != null) {
                ordered.put(k.key(), value);
            }
        });
        return ordered;
    }

    private static StatsQuery query(String entityId, List<StatsKey> keys, long startTs, long endTs) {
        return new StatsQuery(
                entityId, SeriesParams.names(keys).toArray(String[]::new), StatsKey.clusterWide(), startTs, endTs);
    }
}
