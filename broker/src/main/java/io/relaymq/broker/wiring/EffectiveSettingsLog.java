package io.relaymq.broker.wiring;

import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.redis.RedisProperties;
import io.relaymq.common.node.NodeId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** Logs the settings that decide where this node connects and listens, once, when it is ready. */
@Component
class EffectiveSettingsLog {

    private static final Logger log = LoggerFactory.getLogger(EffectiveSettingsLog.class);

    private final NodeId nodeId;
    private final KafkaProperties kafka;
    private final RedisProperties redis;
    private final Environment environment;

    EffectiveSettingsLog(NodeId nodeId, KafkaProperties kafka, RedisProperties redis, Environment environment) {
        this.nodeId = nodeId;
        this.kafka = kafka;
        this.redis = redis;
        this.environment = environment;
    }

    @EventListener(ApplicationReadyEvent.class)
    void logOnce() {
        log.info(
                "RelayMQ node '{}' ready: http port {}, kafka {}, redis {} ({}, password {}), postgres {} as {}",
                nodeId,
                environment.getProperty("local.server.port", environment.getProperty("server.port")),
                kafka.bootstrapServers(),
                redis.type().value(),
                redisTarget(),
                redis.password().isEmpty() ? "none" : "set",
                environment.getProperty("spring.datasource.url"),
                environment.getProperty("spring.datasource.username"));
    }

    private String redisTarget() {
        return switch (redis.type()) {
            case CLUSTER -> redis.nodeList().size() + " seed nodes";
            case STANDALONE -> redis.nodeList().get(0) + ", database " + redis.database();
            case SENTINEL ->
                "master '" + redis.sentinel().master() + "' of "
                        + redis.sentinel().nodes() + ", database " + redis.database();
        };
    }
}
