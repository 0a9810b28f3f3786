package io.relaymq.broker.cluster;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The cluster-wide sweep of expired persistent sessions that no node holds ({@code relaymq.mqtt.sessions.sweep.*}).
 *
 * @param interval how often each node looks for them; a session of a crashed node ends at most this long
 *                 after its expiry (counted from when the node was declared dead)
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.sessions.sweep")
public record SessionSweepProperties(@NotNull Duration interval) {

    public SessionSweepProperties {
        if (interval != null && (interval.isNegative() || interval.isZero())) {
            throw new IllegalArgumentException(
                    "relaymq.mqtt.sessions.sweep.interval must be positive, was " + interval);
        }
    }
}
