package io.relaymq.broker.cluster;

import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.redis.RedisConnection;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class ClusterConfiguration {

    @Bean
    NodeRegistry nodeRegistry(
            RedisConnection<String, String> redis,
            NodeId nodeId,
            ListenerPorts mqtt,
            NodeProperties node,
            Clock clock) {
        return new NodeRegistry(redis, nodeId, mqtt, node.heartbeat(), node.deadAfter(), clock);
    }

    @Bean
    DeadNodeSweeper deadNodeSweeper(
            NodeRegistry registry,
            SessionReplica sessions,
            SubscriptionReplica subscriptions,
            NodeProperties node,
            Clock clock) {
        return new DeadNodeSweeper(registry, sessions, subscriptions, node.heartbeat(), clock);
    }

    @Bean
    ExpiredSessionSweeper expiredSessionSweeper(
            NodeRegistry registry,
            SessionReplica sessions,
            SubscriptionReplica subscriptions,
            SessionContext context,
            SessionSweepProperties sweep,
            Clock clock) {
        return new ExpiredSessionSweeper(
                registry,
                sessions,
                subscriptions,
                context.registry(),
                context.outbounds()::discardStored,
                sweep.interval(),
                clock);
    }
}
