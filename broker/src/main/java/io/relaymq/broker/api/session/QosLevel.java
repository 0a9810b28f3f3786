package io.relaymq.broker.api.session;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** A QoS as TBMQ's API writes it (AT_MOST_ONCE …); read from that name or from the number 0, 1 or 2. */
public enum QosLevel {
    AT_MOST_ONCE,
    AT_LEAST_ONCE,
    EXACTLY_ONCE;

    public static QosLevel of(int qos) {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("qos must be 0, 1 or 2");
        }
        return values()[qos];
    }

    @JsonCreator
    static QosLevel parse(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            long number = ((Number) value).longValue();
            if (number < 0 || number > 2) {
                throw new IllegalArgumentException("qos must be 0, 1 or 2");
            }
            return of((int) number);
        }
        if (value instanceof Number) {
            throw new IllegalArgumentException("qos must be 0, 1 or 2");
        }
        String text = String.valueOf(value).strip();
        if (text.length() == 1 && Character.isDigit(text.charAt(0))) {
            return of(text.charAt(0) - '0');
        }
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("qos must be 0, 1, 2, AT_MOST_ONCE, AT_LEAST_ONCE or EXACTLY_ONCE");
        }
    }

    @JsonValue
    String json() {
        return name();
    }

    public int value() {
        return ordinal();
    }
}
