package io.relaymq.broker.topic;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A client id written as one topic level, as the {@code $SYS} event topics name a client and as authorization
 * rules that name {@code $SYS} fill their placeholders: {@code %}, {@code /}, {@code +} and {@code #} become
 * {@code %25}, {@code %2F}, {@code %2B} and {@code %23}, so every id gives exactly one level, no wildcard, and a
 * different level from every other id.
 */
public final class ClientLevel {

    /** The longest level, in UTF-8 bytes. */
    public static final int MAX_BYTES = 256;

    private ClientLevel() {}

    /**
     * {@code value} encoded as one topic level; empty when it has no level of its own (null, empty, or encoded
     * longer than {@link #MAX_BYTES} UTF-8 bytes).
     */
    public static Optional<String> of(String value) {
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder level = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '%' -> level.append("%25");
                case '/' -> level.append("%2F");
                case '+' -> level.append("%2B");
                case '#' -> level.append("%23");
                default -> level.append(c);
            }
        }
        String encoded = level.toString();
        return encoded.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES ? Optional.empty() : Optional.of(encoded);
    }
}
