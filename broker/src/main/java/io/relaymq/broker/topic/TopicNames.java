package io.relaymq.broker.topic;

/**
 * Rules for topic names and filters that are common to both ([MQTT-4.7.3-1]..[MQTT-4.7.3-3],
 * [MQTT-1.5.4-2]).
 */
public final class TopicNames {

    /** Longest topic or filter in UTF-8 bytes; the wire format allows no more. */
    public static final int MAX_LENGTH = 65535;

    private TopicNames() {}

    /**
     * A topic name a PUBLISH may carry: at least one character, no wildcards ([MQTT-3.3.2-2]), no
     * U+0000 and no characters that arrived as ill-formed UTF-8.
     */
    public static boolean isValidTopicName(String topic) {
        if (topic == null || topic.isEmpty() || !isWellFormed(topic)) {
            return false;
        }
        return topic.indexOf('+') < 0 && topic.indexOf('#') < 0;
    }

    /**
     * No U+0000 ([MQTT-1.5.4-2]), no unpaired surrogates, and not longer than the wire format allows. Ill-formed
     * UTF-8 never gets this far: the transport's packet check refuses it ([MQTT-1.5.4-1]) before the decoder
     * could replace it with U+FFFD, so a U+FFFD here is one the client really sent, and a legal character.
     */
    public static boolean isWellFormed(String s) {
        if (s.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\u0000') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** True for names that start with '$', which wildcards at the first level never match ([MQTT-4.7.2-1]). */
    public static boolean isSystemTopic(String topic) {
        return !topic.isEmpty() && topic.charAt(0) == '$';
    }
}
