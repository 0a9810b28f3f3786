package io.relaymq.broker.mqtt;

import io.relaymq.broker.topic.TopicFilter;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How deep and how long a topic name or filter from a client may be ({@code relaymq.mqtt.topic-limits}).
 * Checked on PUBLISH, SUBSCRIBE, UNSUBSCRIBE and the will topic, so that no client can make the broker
 * hold or walk topics of tens of thousands of levels.
 *
 * @param maxLevels most levels ('/'-separated parts); a shared subscription counts the levels of its filter
 * @param maxLength most UTF-8 bytes of the whole text, {@code $share/<group>/} included
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.topic-limits")
public record TopicLimits(
        @Min(1) @Max(32768) int maxLevels,
        @Min(1) @Max(65535) int maxLength) {

    /** Null when {@code topic} is within the limits, else what it exceeds (for the log and reason string). */
    public String checkTopic(String topic) {
        return check(topic, topic);
    }

    /** Null when {@code filter} is within the limits, else what it exceeds. */
    public String checkFilter(TopicFilter filter) {
        return check(filter.text(), filter.filter());
    }

    private String check(String text, String levelsOf) {
        if (utf8LengthExceeds(text, maxLength)) {
            return "longer than " + maxLength + " bytes";
        }
        int levels = 1;
        for (int i = 0; i < levelsOf.length(); i++) {
            if (levelsOf.charAt(i) == '/' && ++levels > maxLevels) {
                return "more than " + maxLevels + " levels";
            }
        }
        return null;
    }

    /** Counts UTF-8 bytes without encoding, stopping as soon as the limit is passed. */
    static boolean utf8LengthExceeds(String s, int limit) {
        if (s.length() > limit) {
            return true;
        }
        long bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
            if (bytes > limit) {
                return true;
            }
        }
        return false;
    }
}
