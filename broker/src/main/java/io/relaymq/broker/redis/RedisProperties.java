package io.relaymq.broker.redis;

import io.relaymq.dao.redis.RedisClusterSettings;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Redis connection settings ({@code relaymq.redis.*}).
 *
 * @param connectionType        only {@code cluster} is supported
 * @param nodes                 comma-separated seed nodes, host:port
 * @param password              AUTH password, empty for none
 * @param commandTimeout        bound of one command
 * @param topologyRefreshPeriod periodic slot-map refresh
 */
@Validated
@ConfigurationProperties("relaymq.redis")
public record RedisProperties(
        @Pattern(regexp = "cluster", message = "only 'cluster' is supported")
        String connectionType,

        @NotBlank String nodes,
        String password,
        @NotNull Duration commandTimeout,
        @NotNull Duration topologyRefreshPeriod) {

    public RedisProperties {
        password = password == null ? "" : password;
    }

    public List<String> nodeList() {
        return RedisClusterSettings.parseNodes(nodes);
    }

    public RedisClusterSettings toSettings(Duration connectTimeout) {
        return new RedisClusterSettings(nodeList(), password, commandTimeout, topologyRefreshPeriod, connectTimeout);
    }
}
