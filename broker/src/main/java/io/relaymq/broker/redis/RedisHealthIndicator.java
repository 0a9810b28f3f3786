package io.relaymq.broker.redis;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.relaymq.dao.redis.RedisConnection;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * Cluster: UP while the cluster answers CLUSTER INFO with {@code cluster_state:ok}. Standalone and sentinel: UP
 * while the server connected to answers INFO replication as the master (a replica would refuse the writes), or,
 * for a user that may not run INFO, while it answers PING.
 */
@Component("redis")
class RedisHealthIndicator extends AbstractHealthIndicator {

    private final RedisConnection<String, String> connection;
    private final RedisProperties redis;

    RedisHealthIndicator(RedisConnection<String, String> connection, RedisProperties redis) {
        super("Redis health check failed");
        this.connection = connection;
        this.redis = redis;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        builder.withDetail("connectionType", redis.type().value());
        if (connection.cluster().isPresent()) {
            clusterHealth(connection.cluster().get(), builder);
        } else {
            serverHealth(builder);
        }
    }

    private void clusterHealth(StatefulRedisClusterConnection<String, String> cluster, Health.Builder builder)
            throws Exception {
        String info = cluster.async().clusterInfo().get(timeoutMillis(), TimeUnit.MILLISECONDS);
        ClusterInfo parsed = ClusterInfo.parse(info);
        (parsed.ok() ? builder.up() : builder.down())
                .withDetail("clusterState", parsed.state())
                .withDetail("knownNodes", parsed.knownNodes())
                .withDetail(
                        "masters",
                        cluster.getPartitions().stream()
                                .filter(n -> n.is(RedisClusterNode.NodeFlag.UPSTREAM))
                                .count());
    }

    private void serverHealth(Health.Builder builder) throws Exception {
        String info;
        try {
            info = connection.async().info("replication").get(timeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!String.valueOf(e.getCause().getMessage()).startsWith("NOPERM")) {
                throw e;
            }
            // an ACL user without INFO (@dangerous): that Redis answers is all that can be told
            connection.async().ping().get(timeoutMillis(), TimeUnit.MILLISECONDS);
            builder.up().withDetail("role", "unknown (the Redis user may not run INFO)");
            return;
        }
        ReplicationRole role = ReplicationRole.parse(info);
        (role.master() ? builder.up() : builder.down()).withDetail("role", role.role());
    }

    private long timeoutMillis() {
        return redis.commandTimeout().toMillis();
    }
}
