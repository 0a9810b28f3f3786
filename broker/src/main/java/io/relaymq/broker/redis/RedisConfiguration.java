package io.relaymq.broker.redis;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.dao.redis.RedisClusterConnector;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

    /** Command latencies go to Micrometer as {@code lettuce.command.completion{command,remote}}. */
    @Bean(destroyMethod = "close")
    RedisClusterConnector redisClusterConnector(RedisProperties redis, NodeProperties node, MeterRegistry meters) {
        return new RedisClusterConnector(
                redis.toSettings(node.dependencyTimeout()),
                resources -> resources.commandLatencyRecorder(
                        new MicrometerCommandLatencyRecorder(meters, MicrometerOptions.create())));
    }

    /** The node's shared text connection (cluster state, scripts over string keys). */
    @Bean(destroyMethod = "close")
    StatefulRedisClusterConnection<String, String> redisStringConnection(RedisClusterConnector connector) {
        return connector.connect(StringCodec.UTF8);
    }
}
