package io.relaymq.broker.redis;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/** UP while the cluster answers CLUSTER INFO with {@code cluster_state:ok}. */
@Component("redis")
class RedisHealthIndicator extends AbstractHealthIndicator {

    private final StatefulRedisClusterConnection<String, String> connection;
    private final RedisProperties redis;

    RedisHealthIndicator(StatefulRedisClusterConnection<String, String> connection, RedisProperties redis) {
        super("Redis health check failed");
        this.connection = connection;
        this.redis = redis;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        String info =
                connection.async().clusterInfo().get(redis.commandTimeout().toMillis(), TimeUnit.MILLISECONDS);
        ClusterInfo parsed = ClusterInfo.parse(info);
        (parsed.ok() ? builder.up() : builder.down())
                .withDetail("clusterState", parsed.state())
                .withDetail("knownNodes", parsed.knownNodes())
                .withDetail(
                        "masters",
                        connection.getPartitions().stream()
                                .filter(n -> n.is(RedisClusterNode.NodeFlag.UPSTREAM))
                                .count());
    }
}
