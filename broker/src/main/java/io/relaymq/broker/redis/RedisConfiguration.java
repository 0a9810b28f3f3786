package io.relaymq.broker.redis;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.dao.redis.RedisClusterConnector;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

    @Bean(destroyMethod = "close")
    RedisClusterConnector redisClusterConnector(RedisProperties redis, NodeProperties node) {
        return new RedisClusterConnector(redis.toSettings(node.dependencyTimeout()));
    }

    /** The node's shared text connection (cluster state, scripts over string keys). */
    @Bean(destroyMethod = "close")
    StatefulRedisClusterConnection<String, String> redisStringConnection(RedisClusterConnector connector) {
        return connector.connect(StringCodec.UTF8);
    }
}
