package io.relaymq.broker.stats;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Historical statistics ({@code relaymq.stats.history.*}).
 *
 * @param enabled         whether this node samples its statistics into PostgreSQL and rolls them up
 * @param interval        how often the node writes a point per key (1 s to 1 h, a whole fraction of an hour)
 * @param rawRetention    how long the per-interval points are kept (2 d to 366 d: ranges up to 2 days are read
 *                        from them, and the rollup sums the last hours again from them)
 * @param rollupRetention how long the hourly rollup is kept (2 d to 3660 d, at least the raw retention)
 * @param rollupPeriod    how often the node rolls the recent hours up and deletes what is past retention
 */
@Validated
@ConfigurationProperties("relaymq.stats.history")
public record StatsHistoryProperties(
        boolean enabled,
        @NotNull Duration interval,
        @NotNull Duration rawRetention,
        @NotNull Duration rollupRetention,
        @NotNull Duration rollupPeriod) {

    private static final Duration HOUR = Duration.ofHours(1);

    public StatsHistoryProperties {
        if (interval != null) {
            within("interval", interval, Duration.ofSeconds(1), HOUR);
            if (HOUR.toMillis() % interval.toMillis() != 0) {
                throw new IllegalArgumentException(
                        "relaymq.stats.history.interval must divide an hour evenly (e.g. 10s, 1m, 5m), not "
                                + interval);
            }
        }
        if (rawRetention != null) {
            within("raw-retention", rawRetention, Duration.ofDays(2), Duration.ofDays(366));
        }
        if (rollupRetention != null) {
            within("rollup-retention", rollupRetention, Duration.ofDays(2), Duration.ofDays(3660));
            if (rawRetention != null && rollupRetention.compareTo(rawRetention) < 0) {
                throw new IllegalArgumentException(
                        "relaymq.stats.history.rollup-retention must be at least the raw-retention");
            }
        }
        if (rollupPeriod != null) {
            within("rollup-period", rollupPeriod, Duration.ofSeconds(1), HOUR);
        }
    }

    private static void within(String name, Duration value, Duration min, Duration max) {
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(
                    "relaymq.stats.history." + name + " must be between " + min + " and " + max + ", not " + value);
        }
    }
}
