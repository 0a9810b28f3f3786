package io.relaymq.dao.auth;

import io.relaymq.dao.jdbc.Like;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which refused clients a list shows, as TBMQ's {@code /api/unauthorized/client/v2} filters them:
 * {@code textSearch} over client id, user name and address, {@code clientId}, {@code ipAddress},
 * {@code username} and {@code reason} as case-insensitive "contains" (null: no condition), the two flags
 * as sets of allowed values (empty: no condition), and {@code ts} within the optional bounds.
 */
public record UnauthorizedFilter(
        String textSearch,
        String clientId,
        String ipAddress,
        String username,
        String reason,
        Set<Boolean> passwordProvided,
        Set<Boolean> tlsUsed,
        Long startTime,
        Long endTime) {

    public UnauthorizedFilter {
        passwordProvided = passwordProvided == null
                ? Set.of()
                : passwordProvided.stream().filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
        tlsUsed = tlsUsed == null
                ? Set.of()
                : tlsUsed.stream().filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
    }

    public static UnauthorizedFilter search(String textSearch) {
        return new UnauthorizedFilter(textSearch, null, null, null, null, Set.of(), Set.of(), null, null);
    }

    /** The SQL condition; its placeholders take {@link #arguments()} in order. */
    String where() {
        List<String> conditions = new ArrayList<>();
        conditions.add("(client_id || ' ' || coalesce(username, '') || ' ' || coalesce(ip_address, '')) ILIKE ?");
        if (clientId != null) {
            conditions.add("client_id ILIKE ?");
        }
        if (ipAddress != null) {
            conditions.add("coalesce(ip_address, '') ILIKE ?");
        }
        if (username != null) {
            conditions.add("coalesce(username, '') ILIKE ?");
        }
        if (reason != null) {
            conditions.add("coalesce(reason, '') ILIKE ?");
        }
        if (passwordProvided.size() == 1) {
            conditions.add("password_provided = ?");
        }
        if (tlsUsed.size() == 1) {
            conditions.add("tls_used = ?");
        }
        if (startTime != null) {
            conditions.add("ts >= ?");
        }
        if (endTime != null) {
            conditions.add("ts <= ?");
        }
        return String.join(" AND ", conditions);
    }

    List<Object> arguments() {
        List<Object> args = new ArrayList<>();
        args.add(Like.pattern(textSearch));
        for (String text : new String[] {clientId, ipAddress, username, reason}) {
            if (text != null) {
                args.add(Like.pattern(text));
            }
        }
        if (passwordProvided.size() == 1) {
            args.add(passwordProvided.iterator().next());
        }
        if (tlsUsed.size() == 1) {
            args.add(tlsUsed.iterator().next());
        }
        if (startTime != null) {
            args.add(startTime);
        }
        if (endTime != null) {
            args.add(endTime);
        }
        return args;
    }
}
