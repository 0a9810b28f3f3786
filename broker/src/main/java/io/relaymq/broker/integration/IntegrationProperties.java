package io.relaymq.broker.integration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Integrations as the broker sees them ({@code relaymq.integrations.*}): where their definitions and routed
 * messages live in Kafka, and the caps on what an administrator may define.
 *
 * @param definitionsTopic      compacted, single-partition topic of the definitions (key = id)
 * @param statusTopic           compacted, single-partition topic the executors report their status on
 * @param messagesTopic         routed messages for the executors (key = integration id)
 * @param partitions            partitions of {@code messagesTopic}: how many executors can share the work
 * @param replicationFactor     replication of {@code messagesTopic} (3 in production)
 * @param retention             how long Kafka keeps routed messages an executor has not taken yet
 * @param maxIntegrations       most integrations the cluster holds
 * @param maxTopicFilters       most topic filters per integration
 * @param maxConfigurationBytes largest configuration object, as JSON
 */
@Validated
@ConfigurationProperties("relaymq.integrations")
public record IntegrationProperties(
        @NotBlank String definitionsTopic,
        @NotBlank String statusTopic,
        @NotBlank String messagesTopic,
        @Min(1) @Max(10000) int partitions,
        @Min(1) @Max(32767) int replicationFactor,
        @NotNull Duration retention,
        @Min(0) @Max(10000) int maxIntegrations,
        @Min(1) @Max(1000) int maxTopicFilters,
        @Min(1024) @Max(1048576) int maxConfigurationBytes) {}
