package io.relaymq.integration.executor;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the integration executor ({@code relaymq.integration-executor.*}).
 *
 * @param enabled             false: the executor is not started
 * @param bootstrapServers    Kafka bootstrap servers, comma-separated host:port
 * @param clientConfig        extra properties for every Kafka client of the executor (SASL, TLS, …)
 * @param apiTimeout          bound of one Kafka admin call and of one dead-letter or status write
 * @param executorId          names this instance in status records; blank = host name and a random suffix
 * @param consumerGroup       the consumer group of the messages topic, shared by every executor
 * @param topics              the four topic names
 * @param partitions          partitions of the messages and dead-letter topics when the executor creates them
 * @param replicationFactor   replication of the topics it creates
 * @param messagesRetention   how long Kafka keeps routed messages and dead letters
 * @param poolSize            threads that deliver (different integrations in parallel)
 * @param statusInterval      at most one status record per integration this often
 * @param maxBufferedRecords  records read but not yet delivered per partition before the partition is paused
 * @param catchUpTimeout      longest wait for the definitions topic before a message's integration counts as
 *                            unknown
 * @param maxIntegrations     definitions the executor keeps; more are refused and logged
 * @param revokeTimeout       how long a revoked partition's attempts in progress may take to end before the
 *                            partition is handed over
 */
@Validated
@ConfigurationProperties("relaymq.integration-executor")
public record IntegrationExecutorProperties(
        boolean enabled,
        @NotBlank String bootstrapServers,
        Map<String, String> clientConfig,
        @NotNull Duration apiTimeout,
        @Pattern(regexp = "[A-Za-z0-9._-]{0,128}") String executorId,
        @NotBlank String consumerGroup,
        @Valid @NotNull Topics topics,
        @Min(1) @Max(10_000) int partitions,
        @Min(1) @Max(32767) int replicationFactor,
        @NotNull Duration messagesRetention,
        @Min(1) @Max(256) int poolSize,
        @NotNull Duration statusInterval,
        @Min(1) @Max(100_000) int maxBufferedRecords,
        @NotNull Duration catchUpTimeout,
        @Min(1) @Max(100_000) int maxIntegrations,
        @NotNull Duration revokeTimeout) {

    public IntegrationExecutorProperties {
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
        executorId = executorId == null ? "" : executorId;
    }

    /**
     * @param definitions compacted; key = integration id, value = definition JSON
     * @param messages    routed messages, key = integration id
     * @param deadLetters messages that could not be delivered, with the reason in headers
     * @param status      compacted; key = integrationId/executorId, value = status JSON
     */
    public record Topics(
            @NotBlank String definitions,
            @NotBlank String messages,
            @NotBlank String deadLetters,
            @NotBlank String status) {}

    /** The same settings with the Kafka connection of the host application. */
    public IntegrationExecutorProperties with(HostKafka kafka) {
        return copy(kafka.bootstrapServers(), kafka.clientConfig(), executorId);
    }

    /** The same settings with another executor id. */
    public IntegrationExecutorProperties withExecutorId(String id) {
        return copy(bootstrapServers, clientConfig, id);
    }

    private IntegrationExecutorProperties copy(String bootstrap, Map<String, String> config, String id) {
        return new IntegrationExecutorProperties(
                enabled,
                bootstrap,
                config,
                apiTimeout,
                id,
                consumerGroup,
                topics,
                partitions,
                replicationFactor,
                messagesRetention,
                poolSize,
                statusInterval,
                maxBufferedRecords,
                catchUpTimeout,
                maxIntegrations,
                revokeTimeout);
    }
}
