package io.relaymq.integration.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * How an executor retries a message whose delivery failed in a way that may pass, read from the optional
 * {@code retry} object of any integration's configuration:
 *
 * <pre>
 * "retry": {"maxAttempts": 5, "initialBackoffMs": 500, "maxBackoffMs": 30000}
 * </pre>
 *
 * The pause before attempt n+1 is {@code initialBackoffMs × 2^(n−1)}, at most {@code maxBackoffMs}; after
 * {@code maxAttempts} failed attempts the message goes to the dead letters.
 *
 * @param maxAttempts    attempts in all, the first one included (1 to {@value #MAX_ATTEMPTS_CAP})
 * @param initialBackoff pause after the first failure
 * @param maxBackoff     longest pause
 */
public record RetrySettings(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {

    public static final String FIELD = "retry";
    public static final int MAX_ATTEMPTS_CAP = 100;
    public static final long MIN_BACKOFF_MS = 10;
    public static final long INITIAL_BACKOFF_CAP_MS = 60_000;
    public static final long MAX_BACKOFF_CAP_MS = 600_000;
    public static final RetrySettings DEFAULT = new RetrySettings(5, Duration.ofMillis(500), Duration.ofSeconds(30));

    private static final Set<String> FIELDS = Set.of("maxAttempts", "initialBackoffMs", "maxBackoffMs");

    /**
     * The problems with the {@code retry} object of {@code configuration}, one sentence each; empty when it is
     * absent or valid. The admin API calls this for every integration type.
     */
    public static List<String> problems(JsonNode configuration) {
        List<String> problems = new ArrayList<>();
        parse(configuration, problems);
        return problems;
    }

    /** The settings of {@code configuration}; the defaults when it has no {@code retry} object. */
    public static RetrySettings of(JsonNode configuration) {
        List<String> problems = new ArrayList<>();
        RetrySettings settings = parse(configuration, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return settings;
    }

    /** The pause after {@code failedAttempts} failed attempts (1 = after the first failure). */
    public Duration backoff(int failedAttempts) {
        long millis = initialBackoff.toMillis();
        long cap = maxBackoff.toMillis();
        for (int i = 1; i < failedAttempts && millis < cap; i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, cap));
    }

    private static RetrySettings parse(JsonNode configuration, List<String> problems) {
        JsonNode retry = configuration == null ? null : configuration.get(FIELD);
        if (retry == null || retry.isNull()) {
            return DEFAULT;
        }
        if (!retry.isObject()) {
            problems.add("retry: must be an object");
            return DEFAULT;
        }
        for (Map.Entry<String, JsonNode> field : retry.properties()) {
            if (!FIELDS.contains(field.getKey())) {
                problems.add("retry: unknown field " + quoted(field.getKey()) + "; known are " + FIELDS);
            }
        }
        long attempts = number(retry, "maxAttempts", DEFAULT.maxAttempts, 1, MAX_ATTEMPTS_CAP, problems);
        long initial = number(
                retry,
                "initialBackoffMs",
                DEFAULT.initialBackoff.toMillis(),
                MIN_BACKOFF_MS,
                INITIAL_BACKOFF_CAP_MS,
                problems);
        long max = number(
                retry, "maxBackoffMs", DEFAULT.maxBackoff.toMillis(), MIN_BACKOFF_MS, MAX_BACKOFF_CAP_MS, problems);
        if (max < initial) {
            problems.add("retry.maxBackoffMs: must not be below retry.initialBackoffMs (" + initial + ")");
        }
        return new RetrySettings((int) attempts, Duration.ofMillis(initial), Duration.ofMillis(Math.max(max, initial)));
    }

    private static long number(JsonNode node, String field, long fallback, long min, long max, List<String> problems) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.longValue() < min
                || value.longValue() > max) {
            problems.add("retry." + field + ": must be a whole number from " + min + " to " + max);
            return fallback;
        }
        return value.longValue();
    }

    private static String quoted(String name) {
        return '"' + (name.length() > 64 ? name.substring(0, 64) + "…" : name) + '"';
    }
}
