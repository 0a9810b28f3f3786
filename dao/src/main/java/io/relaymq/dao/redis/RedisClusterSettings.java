package io.relaymq.dao.redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * How to reach the Redis Cluster.
 *
 * @param nodes                  seed nodes as host:port; the rest of the cluster is discovered
 * @param password               AUTH password, empty for none
 * @param commandTimeout         how long one command may take before it fails
 * @param topologyRefreshPeriod  periodic refresh of the slot map (adaptive refresh also reacts to
 *                               MOVED/ASK redirects and reconnects at once)
 * @param connectTimeout         how long the node waits for the cluster at start before it gives up
 */
public record RedisClusterSettings(
        List<String> nodes,
        String password,
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
        password = password == null ? "" : password;
    }

    /** Parses a comma-separated REDIS_NODES value. */
    public static List<String> parseNodes(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
