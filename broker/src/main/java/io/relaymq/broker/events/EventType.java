package io.relaymq.broker.events;

import java.util.Locale;

/** The kinds of client lifecycle event, as the {@code type} field of an event names them. */
public enum EventType {
    CONNECTED,
    DISCONNECTED,
    SESSION_CREATED,
    SESSION_ENDED,
    SUBSCRIBED,
    UNSUBSCRIBED,
    AUTH_FAILED;

    /** The type as one topic level of the {@code $SYS} topics, e.g. {@code session_created}. */
    public String level() {
        return name().toLowerCase(Locale.ROOT);
    }
}
