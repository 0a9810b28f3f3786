package io.relaymq.broker.topic;

import java.util.List;
import java.util.Optional;

/**
 * A validated topic filter from SUBSCRIBE or UNSUBSCRIBE, possibly a shared subscription
 * {@code $share/<group>/<filter>} ([MQTT-4.8.2-1], [MQTT-4.8.2-2]).
 *
 * @param text       the filter as the client sent it (the key of the subscription)
 * @param shareGroup the share name for shared subscriptions, else null
 * @param filter     the filter topics are matched against (without the $share prefix)
 */
public record TopicFilter(String text, String shareGroup, String filter) {

    private static final String SHARE_PREFIX = "$share/";

    public boolean isShared() {
        return shareGroup != null;
    }

    public List<String> levels() {
        return List.of(filter.split("/", -1));
    }

    /** Parses and validates; empty when the filter is malformed. */
    public static Optional<TopicFilter> parse(String text) {
        if (text == null || text.isEmpty() || !TopicNames.isWellFormed(text)) {
            return Optional.empty();
        }
        if (text.startsWith(SHARE_PREFIX)) {
            int slash = text.indexOf('/', SHARE_PREFIX.length());
            if (slash < 0) {
                return Optional.empty();
            }
            String group = text.substring(SHARE_PREFIX.length(), slash);
            String filter = text.substring(slash + 1);
            if (group.isEmpty() || group.contains("+") || group.contains("#") || !isValidFilter(filter)) {
                return Optional.empty();
            }
            return Optional.of(new TopicFilter(text, group, filter));
        }
        return isValidFilter(text) ? Optional.of(new TopicFilter(text, null, text)) : Optional.empty();
    }

    /**
     * '#' only as the last level and alone in it ([MQTT-4.7.1-1]); '+' alone in its level
     * ([MQTT-4.7.1-2]); at least one character ([MQTT-4.7.3-1]).
     */
    static boolean isValidFilter(String filter) {
        if (filter.isEmpty()) {
            return false;
        }
        String[] levels = filter.split("/", -1);
        for (int i = 0; i < levels.length; i++) {
            String level = levels[i];
            if (level.contains("#") && (!level.equals("#") || i != levels.length - 1)) {
                return false;
            }
            if (level.contains("+") && !level.equals("+")) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code topic} matches this filter, with the '$' rule of [MQTT-4.7.2-1]. */
    public boolean matches(String topic) {
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        if (TopicNames.isSystemTopic(topic) && (f[0].equals("+") || f[0].equals("#"))) {
            return false;
        }
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length || (!f[i].equals("+") && !f[i].equals(t[i]))) {
                return false;
            }
        }
        return f.length == t.length;
    }
}
