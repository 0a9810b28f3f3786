package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.StringCodec;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.process.Ports;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The connector with REDIS_CONNECTION_TYPE=cluster, against the stack's Redis Cluster. */
@ExtendWith(LocalStackExtension.class)
class RedisClusterConnectorIT {

    @Test
    void oneSeedNodeIsEnoughToDiscoverTheWholeCluster(StackEndpoints stack) throws Exception {
        String seed = RedisSettings.parseNodes(stack.redisNodes()).get(0);
        try (RedisConnector connector = new RedisConnector(RedisSettings.cluster(
                List.of(seed), "", Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(10)))) {
            RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8);
            assertThat(connection.cluster().orElseThrow().getPartitions().stream()
                            .filter(n -> n.is(RedisClusterNode.NodeFlag.UPSTREAM)))
                    .hasSize(3);
            for (int i = 0; i < 30; i++) {
                connection.async().set("dao:it:" + i, Integer.toString(i)).get(5, TimeUnit.SECONDS);
            }
            assertThat(connection.async().get("dao:it:29").get(5, TimeUnit.SECONDS))
                    .isEqualTo("29");
            connection.close();
        }
    }

    @Test
    void anUnreachableClusterFailsStartWithTheNodesNamed() {
        String nowhere = "127.0.0.1:" + Ports.free();
        try (RedisConnector connector = new RedisConnector(RedisSettings.cluster(
                List.of(nowhere), "", Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(2)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(nowhere)
                    .hasMessageContaining("REDIS_NODES");
        }
    }

    @Test
    void aStandaloneConnectionToAClusterNodeSaysToSetCluster(StackEndpoints stack) {
        String seed = RedisSettings.parseNodes(stack.redisNodes()).get(0);
        try (RedisConnector connector = new RedisConnector(RedisSettings.standalone(
                seed, 0, "", "", RedisTls.OFF, Duration.ofSeconds(5), Duration.ofSeconds(30)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(seed)
                    .hasMessageContaining("REDIS_CONNECTION_TYPE=cluster");
        }
    }
}
