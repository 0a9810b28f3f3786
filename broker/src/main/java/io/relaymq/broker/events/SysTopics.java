package io.relaymq.broker.events;

import java.nio.charset.StandardCharsets;

/**
 * The MQTT topics events are published on: {@code $SYS/relaymq/events/<type>/<client>}. The client level is the
 * client id with {@code %}, {@code /}, {@code +} and {@code #} written as {@code %25}, {@code %2F}, {@code %2B} and
 * {@code %23}, so every client id gives exactly one level, no wildcard, and a different level from every other
 * client id. A client id that is empty, or whose level would be longer than {@link #MAX_CLIENT_LEVEL_BYTES} UTF-8
 * bytes, gets the fixed level {@link #OTHER_CLIENT}; the event's JSON still names it.
 */
public final class SysTopics {

    /** The levels every event topic starts with. */
    public static final String PREFIX = "$SYS/relaymq/events/";

    /** The longest client level, in UTF-8 bytes. */
    public static final int MAX_CLIENT_LEVEL_BYTES = 256;

    /** The client level of a client id that cannot be one. */
    public static final String OTHER_CLIENT = "_";

    private SysTopics() {}

    /** The topic of an event of {@code type} for {@code clientId}. */
    public static String topic(EventType type, String clientId) {
        return PREFIX + type.level() + "/" + clientLevel(clientId);
    }

    /** {@code clientId} as one topic level (see the class comment). */
    public static String clientLevel(String clientId) {
        if (clientId == null || clientId.isEmpty()) {
            return OTHER_CLIENT;
        }
        StringBuilder level = new StringBuilder(clientId.length());
        for (int i = 0; i < clientId.length(); i++) {
            char c = clientId.charAt(i);
            switch (c) {
                case '%' -> level.append("%25");
                case '/' -> level.append("%2F");
                case '+' -> level.append("%2B");
                case '#' -> level.append("%23");
                default -> level.append(c);
            }
        }
        String encoded = level.toString();
        return encoded.getBytes(StandardCharsets.UTF_8).length > MAX_CLIENT_LEVEL_BYTES ? OTHER_CLIENT : encoded;
    }
}
