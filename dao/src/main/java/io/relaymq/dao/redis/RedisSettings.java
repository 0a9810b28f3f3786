package io.relaymq.dao.redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How to reach Redis: a Redis Cluster, one standalone server, or the master a group of sentinels names.
 * Combinations that cannot work are refused here, with the environment variable to fix in the message.
 *
 * @param type                   cluster, standalone or sentinel ({@code REDIS_CONNECTION_TYPE})
 * @param nodes                  cluster: seed nodes as host:port, the rest of the cluster is discovered;
 *                               standalone: the one server; sentinel: none (the sentinels name the master)
 * @param database               database index (standalone and sentinel); Redis Cluster has only 0
 * @param sentinel               the sentinels and the master's name (sentinel only), else {@link RedisSentinel#NONE}
 * @param username               ACL user name (Redis 6+) of the data nodes; empty for the default user
 * @param password               AUTH password of the data nodes, empty for none
 * @param tls                    TLS to every node (and to the sentinels), or {@link RedisTls#OFF}
 * @param commandTimeout         how long one command may take before it fails
 * @param topologyRefreshPeriod  cluster only: periodic refresh of the slot map (adaptive refresh also reacts
 *                               to MOVED/ASK redirects and reconnects at once)
 * @param connectTimeout         how long the node waits for Redis at start before it gives up
 */
public record RedisSettings(
        RedisConnectionType type,
        List<String> nodes,
        int database,
        RedisSentinel sentinel,
        String username,
        String password,
        RedisTls tls,
        Duration commandTimeout,
        Duration topologyRefreshPeriod,
        Duration connectTimeout) {

    /** The slot-map refresh period the factories of the other connection types fill in (it is not used). */
    public static final Duration DEFAULT_TOPOLOGY_REFRESH_PERIOD = Duration.ofSeconds(30);

    private static final String HOST_PORT = "[^:\\s]+:\\d{1,5}";

    public RedisSettings {
        Objects.requireNonNull(type, "type");
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        sentinel = sentinel == null ? RedisSentinel.NONE : sentinel;
        username = username == null ? "" : username;
        password = password == null ? "" : password;
        tls = tls == null ? RedisTls.OFF : tls;
        if (database < 0) {
            throw new IllegalArgumentException("REDIS_DATABASE must be 0 or more, was " + database);
        }
        switch (type) {
            case CLUSTER -> checkCluster(nodes, database, sentinel);
            case STANDALONE -> checkStandalone(nodes, sentinel);
            case SENTINEL -> checkSentinel(nodes, sentinel);
        }
        if (!username.isEmpty() && password.isEmpty()) {
            throw new IllegalArgumentException("a Redis user name needs its password (REDIS_PASSWORD)");
        }
    }

    /** A Redis Cluster, plain TCP, as the default user (or with only a password). */
    public static RedisSettings cluster(
            List<String> nodes,
            String password,
            Duration commandTimeout,
            Duration topologyRefreshPeriod,
            Duration connectTimeout) {
        return cluster(nodes, "", password, RedisTls.OFF, commandTimeout, topologyRefreshPeriod, connectTimeout);
    }

    public static RedisSettings cluster(
            List<String> nodes,
            String username,
            String password,
            RedisTls tls,
            Duration commandTimeout,
            Duration topologyRefreshPeriod,
            Duration connectTimeout) {
        return new RedisSettings(
                RedisConnectionType.CLUSTER,
                nodes,
                0,
                RedisSentinel.NONE,
                username,
                password,
                tls,
                commandTimeout,
                topologyRefreshPeriod,
                connectTimeout);
    }

    /** One Redis server, {@code node} as host:port. */
    public static RedisSettings standalone(
            String node,
            int database,
            String username,
            String password,
            RedisTls tls,
            Duration commandTimeout,
            Duration connectTimeout) {
        return new RedisSettings(
                RedisConnectionType.STANDALONE,
                List.of(node),
                database,
                RedisSentinel.NONE,
                username,
                password,
                tls,
                commandTimeout,
                DEFAULT_TOPOLOGY_REFRESH_PERIOD,
                connectTimeout);
    }

    /** The master that {@code sentinel} names. */
    public static RedisSettings sentinel(
            RedisSentinel sentinel,
            int database,
            String username,
            String password,
            RedisTls tls,
            Duration commandTimeout,
            Duration connectTimeout) {
        return new RedisSettings(
                RedisConnectionType.SENTINEL,
                List.of(),
                database,
                sentinel,
                username,
                password,
                tls,
                commandTimeout,
                DEFAULT_TOPOLOGY_REFRESH_PERIOD,
                connectTimeout);
    }

    /** Parses a comma-separated list of host:port (REDIS_NODES, REDIS_SENTINEL_NODES). */
    public static List<String> parseNodes(String commaSeparated) {
        if (commaSeparated == null) {
            return List.of();
        }
        return Arrays.stream(commaSeparated.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /** What is connected to, for logs and errors. */
    public String target() {
        return switch (type) {
            case CLUSTER -> "Redis Cluster " + nodes;
            case STANDALONE -> "Redis " + nodes.get(0) + " (database " + database + ")";
            case SENTINEL ->
                "Redis master '" + sentinel.master() + "' of the sentinels " + sentinel.nodes() + " (database "
                        + database + ")";
        };
    }

    /** The settings to check when {@link #target()} cannot be reached. */
    public String settingsToCheck() {
        return type == RedisConnectionType.SENTINEL ? "REDIS_SENTINEL_NODES and REDIS_SENTINEL_MASTER" : "REDIS_NODES";
    }

    private static void checkCluster(List<String> nodes, int database, RedisSentinel sentinel) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one Redis Cluster node is required (REDIS_NODES)");
        }
        checkHostPorts(nodes, "REDIS_NODES");
        if (database != 0) {
            throw new IllegalArgumentException("REDIS_DATABASE must be 0 with REDIS_CONNECTION_TYPE=cluster "
                    + "(Redis Cluster has only database 0), was " + database);
        }
        refuseSentinel(RedisConnectionType.CLUSTER, sentinel);
    }

    private static void checkStandalone(List<String> nodes, RedisSentinel sentinel) {
        if (nodes.size() != 1) {
            throw new IllegalArgumentException("REDIS_CONNECTION_TYPE=standalone needs exactly one host:port in "
                    + "REDIS_NODES, was " + (nodes.isEmpty() ? "none" : String.join(",", nodes)));
        }
        checkHostPorts(nodes, "REDIS_NODES");
        refuseSentinel(RedisConnectionType.STANDALONE, sentinel);
    }

    private static void checkSentinel(List<String> nodes, RedisSentinel sentinel) {
        if (!nodes.isEmpty()) {
            throw new IllegalArgumentException("REDIS_CONNECTION_TYPE=sentinel asks the sentinels for the master: "
                    + "give no data nodes, only REDIS_SENTINEL_NODES, was " + nodes);
        }
        if (sentinel.nodes().isEmpty()) {
            throw new IllegalArgumentException(
                    "REDIS_CONNECTION_TYPE=sentinel needs the sentinels as host:port,... in REDIS_SENTINEL_NODES");
        }
        checkHostPorts(sentinel.nodes(), "REDIS_SENTINEL_NODES");
        if (sentinel.master().isEmpty()) {
            throw new IllegalArgumentException(
                    "REDIS_CONNECTION_TYPE=sentinel needs the name the sentinels know the master by in "
                            + "REDIS_SENTINEL_MASTER");
        }
    }

    private static void refuseSentinel(RedisConnectionType type, RedisSentinel sentinel) {
        if (sentinel.isSet()) {
            throw new IllegalArgumentException("REDIS_SENTINEL_NODES, REDIS_SENTINEL_MASTER and "
                    + "REDIS_SENTINEL_PASSWORD apply only to REDIS_CONNECTION_TYPE=sentinel, not " + type.value()
                    + ": set REDIS_CONNECTION_TYPE=sentinel or leave them empty");
        }
    }

    private static void checkHostPorts(List<String> nodes, String variable) {
        for (String node : nodes) {
            if (!node.matches(HOST_PORT)) {
                throw new IllegalArgumentException("Redis node '" + node + "' is not host:port (" + variable + ")");
            }
        }
    }
}
