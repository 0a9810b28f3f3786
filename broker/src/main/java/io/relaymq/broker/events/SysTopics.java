package io.relaymq.broker.events;

import io.relaymq.broker.topic.ClientLevel;
import java.util.Optional;

/**
 * The MQTT topics events are published on: {@code $SYS/relaymq/events/<type>/<client>}. The client level is the
 * client id with {@code %}, {@code /}, {@code +} and {@code #} written as {@code %25}, {@code %2F}, {@code %2B} and
 * {@code %23}, so every client id gives exactly one level, no wildcard, and a different level from every other
 * client id. A client id that is empty, or whose level would be longer than {@link #MAX_CLIENT_LEVEL_BYTES} UTF-8
 * bytes, has no level of its own and gets the fixed level {@link #OTHER_CLIENT}; the event's JSON still names it.
 * That level is a lone {@code %}, which the encoding never makes (a real {@code %} is always {@code %25}), so no
 * client id's own level is the fixed one. Authorization rules that name {@code $SYS} use {@link #ownLevel} for
 * their placeholders, so a client's rule matches its own level only.
 */
public final class SysTopics {

    /** The levels every event topic starts with. */
    public static final String PREFIX = "$SYS/relaymq/events/";

    /** The longest client level, in UTF-8 bytes. */
    public static final int MAX_CLIENT_LEVEL_BYTES = ClientLevel.MAX_BYTES;

    /** The client level of a client id that has no level of its own; no client id encodes to it. */
    public static final String OTHER_CLIENT = "%";

    private SysTopics() {}

    /** The topic of an event of {@code type} for {@code clientId}. */
    public static String topic(EventType type, String clientId) {
        return PREFIX + type.level() + "/" + clientLevel(clientId);
    }

    /** {@code clientId} as one topic level (see the class comment): its own level, or {@link #OTHER_CLIENT}. */
    public static String clientLevel(String clientId) {
        return ownLevel(clientId).orElse(OTHER_CLIENT);
    }

    /** {@code value} as one topic level ({@link ClientLevel#of}); empty when it has no level of its own. */
    public static Optional<String> ownLevel(String value) {
        return ClientLevel.of(value);
    }
}
