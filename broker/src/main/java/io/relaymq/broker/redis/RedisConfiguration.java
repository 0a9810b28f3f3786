package io.relaymq.broker.redis;

import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.metrics.MicrometerCommandLatencyRecorder;
import io.lettuce.core.metrics.MicrometerOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.dao.redis.RedisConnection;
import io.relaymq.dao.redis.RedisConnector;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

    /** Command latencies go to Micrometer as {@code lettuce.command.completion{command,remote}}. */
    @Bean(destroyMethod = "close")
    RedisConnector redisConnector(RedisProperties redis, NodeProperties node, MeterRegistry meters) {
        return new RedisConnector(
                redis.toSettings(node.dependencyTimeout()),
                resources -> resources.commandLatencyRecorder(
                        new MicrometerCommandLatencyRecorder(meters, MicrometerOptions.create())));
    }

    /** The node's shared text connection (node registry, health). */
    @Bean(destroyMethod = "close")
    RedisConnection<String, String> redisStringConnection(RedisConnector connector) {
        return connector.connect(StringCodec.UTF8);
    }
}
