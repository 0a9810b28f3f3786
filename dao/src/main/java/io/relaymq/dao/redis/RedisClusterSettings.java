package io.relaymq.dao.redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * How to reach the Redis Cluster.
 *
 * @param nodes                  seed nodes as host:port; the rest of the cluster is discovered
 * @param username               ACL user name (Redis 6+); empty for the default user
 * @param password               AUTH password, empty for none
 * @param tls                    TLS to every node, or {@link RedisTls#OFF}
 * @param commandTimeout         how long one command may take before it fails
 * @param topologyRefreshPeriod  periodic refresh of the slot map (adaptive refresh also reacts to
 *                               MOVED/ASK redirects and reconnects at once)
 * @param connectTimeout         how long the node waits for the cluster at start before it gives up
 */
public record RedisClusterSettings(
        List<String> nodes,
        String username,
        String password,
        RedisTls tls,
        Duration commandTimeout,
        Duration topologyRefreshPeriod,
        Duration connectTimeout) {

    public RedisClusterSettings {
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one Redis Cluster node is required (REDIS_NODES)");
        }
        for (String node : nodes) {
            if (!node.matches("[^:\\s]+:\\d{1,5}")) {
                throw new IllegalArgumentException("Redis node '" + node + "' is not host:port");
            }
        }
        username = username == null ? "" : username;
        password = password == null ? "" : password;
        tls = tls == null ? RedisTls.OFF : tls;
        if (!username.isEmpty() && password.isEmpty()) {
            throw new IllegalArgumentException("a Redis user name needs its password (REDIS_PASSWORD)");
        }
    }

    /** Plain TCP as the default user (or with only a password). */
    public RedisClusterSettings(
            List<String> nodes,
            String password,
            Duration commandTimeout,
            Duration topologyRefreshPeriod,
            Duration connectTimeout) {
        this(nodes, "", password, RedisTls.OFF, commandTimeout, topologyRefreshPeriod, connectTimeout);
    }

    /** Parses a comma-separated REDIS_NODES value. */
    public static List<String> parseNodes(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
