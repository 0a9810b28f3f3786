package io.relaymq.broker.transport;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How a stopping node releases its clients ({@code relaymq.mqtt.drain.*}).
 *
 * @param rate    connections told to leave per second (0: all at once)
 * @param timeout longest the node waits for them to close
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.drain")
public record DrainProperties(@Min(0) int rate, @NotNull Duration timeout) {}
