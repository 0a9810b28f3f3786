package io.relaymq.broker.redis;

import io.relaymq.dao.redis.RedisClusterSettings;
import io.relaymq.dao.redis.RedisTls;
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
 * @param username              ACL user name, empty for the default user
 * @param password              AUTH password, empty for none
 * @param tls                   TLS to every node ({@code relaymq.redis.tls.*}, bound straight to the store's settings)
 * @param commandTimeout        bound of one command
 * @param topologyRefreshPeriod periodic slot-map refresh
 */
@Validated
@ConfigurationProperties("relaymq.redis")
public record RedisProperties(
        @Pattern(regexp = "cluster", message = "only 'cluster' is supported")
        String connectionType,

        @NotBlank String nodes,
        String username,
        String password,
        @NotNull RedisTls tls,
        @NotNull Duration commandTimeout,
        @NotNull Duration topologyRefreshPeriod) {

    public RedisProperties {
        username = username == null ? "" : username;
        password = password == null ? "" : password;
    }

    public List<String> nodeList() {
        return RedisClusterSettings.parseNodes(nodes);
    }

    public RedisClusterSettings toSettings(Duration connectTimeout) {
        return new RedisClusterSettings(
                nodeList(), username, password, tls, commandTimeout, topologyRefreshPeriod, connectTimeout);
    }
}
