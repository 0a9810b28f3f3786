package io.relaymq.broker.stats;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns successive readings of the node into the values of one interval: a counter's increase since the
 * previous reading (never negative), a gauge's value as read.
 */
final class IntervalCounts {

    private Map<StatsKey, Long> previous;

    IntervalCounts(Map<StatsKey, Long> first) {
        this.previous = new EnumMap<>(first);
    }

    /** The interval's values by key name, in the order of {@link StatsKey}; {@code current} becomes the base. */
    Map<String, Long> next(Map<StatsKey, Long> current) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Map.Entry<StatsKey, Long> e : current.entrySet()) {
            StatsKey key = e.getKey();
            long value = e.getValue();
            if (key.kind() == StatsKey.Kind.COUNTER) {
                value = Math.max(0, value - previous.getOrDefault(key, 0L));
            }
            values.put(key.key(), value);
        }
        previous = new EnumMap<>(current);
        return values;
    }
}
