package io.relaymq.redis.lua;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.Arrays;

/** A text connection to the test stack's Redis Cluster, with a script runner on it. */
final class TestCluster implements AutoCloseable {

    final RedisClusterClient client;
    final StatefulRedisClusterConnection<String, String> connection;
    final ScriptRunner<String, String> runner;

    TestCluster(StackEndpoints stack) {
        client = RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                .map(a -> RedisURI.create("redis://" + a))
                .toList());
        connection = client.connect();
        runner = new ScriptRunner<>(connection.async());
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
