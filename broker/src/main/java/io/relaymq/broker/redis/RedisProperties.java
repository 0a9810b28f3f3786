package io.relaymq.broker.redis;

import io.relaymq.dao.redis.RedisConnectionType;
import io.relaymq.dao.redis.RedisSentinel;
import io.relaymq.dao.redis.RedisSettings;
import io.relaymq.dao.redis.RedisTls;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Redis connection settings ({@code relaymq.redis.*}). A combination that cannot work stops the node when the
 * settings are bound, before it waits for anything, with the environment variable to fix in the message.
 *
 * @param connectionType        {@code cluster}, {@code standalone} or {@code sentinel}
 * @param nodes                 comma-separated host:port: cluster seed nodes, or the one standalone server; not
 *                              read for sentinel
 * @param database              database index, standalone and sentinel only (a cluster has only 0)
 * @param sentinel              the sentinels, the master's name and the sentinels' password (sentinel only)
 * @param username              ACL user name, empty for the default user
 * @param password              AUTH password, empty for none
 * @param tls                   TLS to every node ({@code relaymq.redis.tls.*}, bound straight to the store's settings)
 * @param commandTimeout        bound of one command
 * @param topologyRefreshPeriod periodic slot-map refresh (cluster only)
 */
@Validated
@ConfigurationProperties("relaymq.redis")
public record RedisProperties(
        String connectionType,
        String nodes,
        int database,
        @NotNull Sentinel sentinel,
        String username,
        String password,
        @NotNull RedisTls tls,
        @NotNull Duration commandTimeout,
        @NotNull Duration topologyRefreshPeriod) {

    /**
     * {@code relaymq.redis.sentinel.*}.
     *
     * @param nodes    comma-separated sentinels, host:port
     * @param master   the name the sentinels monitor the master under
     * @param password the sentinels' own password, empty for none
     */
    public record Sentinel(String nodes, String master, String password) {

        RedisSentinel toSettings() {
            return new RedisSentinel(RedisSettings.parseNodes(nodes), master, password);
        }
    }

    public RedisProperties {
        connectionType = connectionType == null ? RedisConnectionType.CLUSTER.value() : connectionType;
        nodes = nodes == null ? "" : nodes;
        sentinel = sentinel == null ? new Sentinel("", "", "") : sentinel;
        username = username == null ? "" : username;
        password = password == null ? "" : password;
        tls = tls == null ? RedisTls.OFF : tls;
        // checks the combination at binding, so that a wrong one stops the node before it waits for anything
        settings(
                connectionType,
                nodes,
                database,
                sentinel,
                username,
                password,
                tls,
                Duration.ZERO,
                RedisSettings.DEFAULT_TOPOLOGY_REFRESH_PERIOD,
                Duration.ZERO);
    }

    public RedisConnectionType type() {
        return RedisConnectionType.parse(connectionType);
    }

    /** The data nodes named: cluster seeds or the standalone server; none for sentinel. */
    public List<String> nodeList() {
        return type() == RedisConnectionType.SENTINEL ? List.of() : RedisSettings.parseNodes(nodes);
    }

    public RedisSettings toSettings(Duration connectTimeout) {
        return settings(
                connectionType,
                nodes,
                database,
                sentinel,
                username,
                password,
                tls,
                commandTimeout,
                topologyRefreshPeriod,
                connectTimeout);
    }

    private static RedisSettings settings(
            String connectionType,
            String nodes,
            int database,
            Sentinel sentinel,
            String username,
            String password,
            RedisTls tls,
            Duration commandTimeout,
            Duration topologyRefreshPeriod,
            Duration connectTimeout) {
        RedisConnectionType type = RedisConnectionType.parse(connectionType);
        return new RedisSettings(
                type,
                type == RedisConnectionType.SENTINEL ? List.of() : RedisSettings.parseNodes(nodes),
                database,
                sentinel.toSettings(),
                username,
                password,
                tls,
                commandTimeout,
                topologyRefreshPeriod,
                connectTimeout);
    }
}
