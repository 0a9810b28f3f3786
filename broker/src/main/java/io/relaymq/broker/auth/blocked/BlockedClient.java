package io.relaymq.broker.auth.blocked;

import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A client that may not connect: by exact client id, user name or IP address, or by a regular
 * expression over one of them ({@code regexMatchTarget}). {@code expirationTime} is epoch milliseconds,
 * 0 for never.
 */
public record BlockedClient(
        BlockedType type, String value, long expirationTime, String description, RegexMatchTarget regexMatchTarget) {

    /** What a block matches. */
    public enum BlockedType {
        CLIENT_ID,
        USERNAME,
        IP_ADDRESS,
        REGEX
    }

    /** What a REGEX block is matched against. */
    public enum RegexMatchTarget {
        BY_CLIENT_ID,
        BY_USERNAME,
        BY_IP_ADDRESS
    }

    public BlockedClient {
        Objects.requireNonNull(type, "type");
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("value is required");
        }
        if (type == BlockedType.REGEX) {
            if (regexMatchTarget == null) {
                throw new IllegalArgumentException("regexMatchTarget is required for a REGEX block");
            }
            try {
                Pattern.compile(value);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("invalid regular expression: " + e.getDescription());
            }
        } else {
            regexMatchTarget = null;
        }
    }

    /** The replication key: one block per type (and regex target) and value. */
    public String key() {
        return type == BlockedType.REGEX ? type + "|" + regexMatchTarget + "|" + value : type + "|" + value;
    }

    public boolean isExpired(long nowMillis) {
        return expirationTime > 0 && expirationTime <= nowMillis;
    }
}
