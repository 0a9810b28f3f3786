package io.relaymq.broker.events;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Client lifecycle events ({@code relaymq.events.*}).
 *
 * @param enabled           whether the node tells anyone about connects, disconnects, subscriptions and sessions
 * @param topic             the Kafka topic every event is written to (key = client id, value = JSON)
 * @param partitions        partitions of that topic when the node creates it
 * @param replicationFactor its replication factor
 * @param retention         how long Kafka keeps events
 * @param queueCapacity     events that may wait on a node to be sent; beyond that, new events are dropped and counted
 * @param sysTopicsEnabled  also publish every event as an MQTT message on {@code $SYS/relaymq/events/...}
 */
@Validated
@ConfigurationProperties("relaymq.events")
public record ClientEventsProperties(
        boolean enabled,
        @NotBlank String topic,
        @Min(1) @Max(10_000) int partitions,
        @Min(1) @Max(32767) int replicationFactor,
        @NotNull Duration retention,
        @Min(1) @Max(1_000_000) int queueCapacity,
        boolean sysTopicsEnabled) {}
