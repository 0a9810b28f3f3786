package io.relaymq.broker.api.timeseries;

import io.relaymq.broker.stats.StatsKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Parses and checks the entity id and key list of a timeseries request; bad input is an IllegalArgumentException. */
final class SeriesParams {

    /** The entity id that stands for the sum over all nodes. */
    static final String TOTAL = "total";

    static final int MAX_KEYS = StatsKey.values().length;
    private static final int MAX_KEYS_LENGTH = 1000;
    private static final Pattern NODE_ID = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    private SeriesParams() {}

    /** The node id, or null for {@code total}. */
    static String entity(String entityId) {
        if (entityId == null || !NODE_ID.matcher(entityId).matches()) {
            throw new IllegalArgumentException(
                    "entityId must be 'total' or a node id of 1-100 letters, digits, '.', '_' or '-'");
        }
        return entityId.equals(TOTAL) ? null : entityId;
    }

    /** The comma-separated keys, in the order given, each once; all keys when {@code keys} is null or blank. */
    static List<StatsKey> keys(String keys, boolean required) {
        if (keys == null || keys.isBlank()) {
            if (required) {
                throw new IllegalArgumentException("keys must name at least one key");
            }
            return StatsKey.all();
        }
        if (keys.length() > MAX_KEYS_LENGTH) {
            throw new IllegalArgumentException("keys must be at most " + MAX_KEYS_LENGTH + " characters");
        }
        Set<StatsKey> parsed = new LinkedHashSet<>();
        for (String name : keys.split(",", -1)) {
            String key = name.strip();
            parsed.add(StatsKey.byKey(key)
                    .orElseThrow(() -> new IllegalArgumentException("unknown key '" + shorten(key) + "'; known keys: "
                            + String.join(",", names(StatsKey.all())))));
        }
        if (parsed.size() > MAX_KEYS) {
            throw new IllegalArgumentException("at most " + MAX_KEYS + " keys per request");
        }
        return List.copyOf(parsed);
    }

    static List<String> names(List<StatsKey> keys) {
        List<String> names = new ArrayList<>(keys.size());
        keys.forEach(k -> names.add(k.key()));
        return names;
    }

    private static String shorten(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }
}
