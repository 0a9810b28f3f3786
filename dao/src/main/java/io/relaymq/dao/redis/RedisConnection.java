package io.relaymq.dao.redis;

import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.Optional;

/**
 * One Lettuce connection of any connection type, seen through the interfaces the cluster and the single-node
 * connections share: the commands of {@link RedisClusterAsyncCommands} (which both {@code RedisAsyncCommands} and
 * {@code RedisAdvancedClusterAsyncCommands} extend), and the {@link StatefulConnection} for flushing and closing.
 * On a cluster connection the commands are still routed by slot (script loads go to every master).
 */
public final class RedisConnection<K, V> implements AutoCloseable {

    private final StatefulConnection<K, V> connection;
    private final RedisClusterAsyncCommands<K, V> async;
    private final RedisClusterCommands<K, V> sync;
    private final StatefulRedisClusterConnection<K, V> cluster;

    private RedisConnection(
            StatefulConnection<K, V> connection,
            RedisClusterAsyncCommands<K, V> async,
            RedisClusterCommands<K, V> sync,
            StatefulRedisClusterConnection<K, V> cluster) {
        this.connection = connection;
        this.async = async;
        this.sync = sync;
        this.cluster = cluster;
    }

    /** A connection to a Redis Cluster. */
    public static <K, V> RedisConnection<K, V> of(StatefulRedisClusterConnection<K, V> connection) {
        return new RedisConnection<>(connection, connection.async(), connection.sync(), connection);
    }

    /** A connection to one server (standalone, or the master a sentinel named). */
    public static <K, V> RedisConnection<K, V> of(StatefulRedisConnection<K, V> connection) {
        return new RedisConnection<>(connection, connection.async(), connection.sync(), null);
    }

    /** Asynchronous commands; thread-safe, as is the connection. */
    public RedisClusterAsyncCommands<K, V> async() {
        return async;
    }

    /** Blocking commands, bounded by the command timeout; not for event-loop threads. */
    public RedisClusterCommands<K, V> sync() {
        return sync;
    }

    /** The connection itself (auto-flush, flush, open state). */
    public StatefulConnection<K, V> stateful() {
        return connection;
    }

    /** The cluster connection, with its view of the slots and nodes; empty for the other connection types. */
    public Optional<StatefulRedisClusterConnection<K, V>> cluster() {
        return Optional.ofNullable(cluster);
    }

    @Override
    public void close() {
        connection.close();
    }
}
