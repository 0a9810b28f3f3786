package io.relaymq.broker.node;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The node itself ({@code relaymq.node.*}).
 *
 * @param id                 node id; blank means the host name
 * @param dependencyTimeout  how long start waits for Kafka, Redis and PostgreSQL before giving up
 * @param heartbeat          how often the node refreshes its entry in the Redis node registry
 * @param deadAfter          a node whose heartbeat is older than this is treated as crashed
 */
@Validated
@ConfigurationProperties("relaymq.node")
public record NodeProperties(
        String id,
        @NotNull Duration dependencyTimeout,
        @NotNull Duration heartbeat,
        @NotNull Duration deadAfter) {}
