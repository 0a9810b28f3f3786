package io.relaymq.broker.redis;

import io.relaymq.dao.redis.RedisClusterSettings;
import io.relaymq.dao.redis.RedisTls;
import jakarta.validation.Valid;
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
 * @param tls                   TLS to every node
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
        @Valid @NotNull Tls tls,
        @NotNull Duration commandTimeout,
        @NotNull Duration topologyRefreshPeriod) {

    /**
     * @param enabled          TLS to every node
     * @param trustCertificate PEM file of the CAs to trust; empty: the JVM's trust store
     * @param verifyPeer       check that a node's certificate names the host connected to
     */
    public record Tls(boolean enabled, String trustCertificate, boolean verifyPeer) {}

    public RedisProperties {
        username = username == null ? "" : username;
        password = password == null ? "" : password;
    }

    public List<String> nodeList() {
        return RedisClusterSettings.parseNodes(nodes);
    }

    public RedisClusterSettings toSettings(Duration connectTimeout) {
        return new RedisClusterSettings(
                nodeList(),
                username,
                password,
                new RedisTls(tls.enabled(), tls.trustCertificate(), tls.verifyPeer()),
                commandTimeout,
                topologyRefreshPeriod,
                connectTimeout);
    }
}
