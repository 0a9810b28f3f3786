package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
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

@ExtendWith(LocalStackExtension.class)
class RedisClusterConnectorIT {

    @Test
    void oneSeedNodeIsEnoughToDiscoverTheWholeCluster(StackEndpoints stack) throws Exception {
        String seed = RedisClusterSettings.parseNodes(stack.redisNodes()).get(0);
        try (RedisClusterConnector connector = new RedisClusterConnector(new RedisClusterSettings(
                List.of(seed), "", Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(10)))) {
            StatefulRedisClusterConnection<String, String> connection = connector.connect(StringCodec.UTF8);
            assertThat(connection.getPartitions().stream().filter(n -> n.is(RedisClusterNode.NodeFlag.UPSTREAM)))
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
        try (RedisClusterConnector connector = new RedisClusterConnector(new RedisClusterSettings(
                List.of(nowhere), "", Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(2)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(nowhere)
                    .hasMessageContaining("REDIS_NODES");
        }
    }
}
