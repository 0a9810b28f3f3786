package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.common.node.NodeId;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The node's Kafka admin client and what every consumer loop shares (dead letters, supervision). */
@Configuration(proxyBeanMethods = false)
class KafkaAdminConfiguration {

    /** One admin client per node; closed with the context. */
    @Bean(destroyMethod = "close")
    Admin kafkaAdmin(KafkaProperties kafka, NodeId nodeId) {
        Map<String, Object> config = new HashMap<>(kafka.clientConfig());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "relaymq-admin-" + nodeId);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int)
                kafka.apiTimeout().toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int)
                Math.min(kafka.apiTimeout().toMillis(), 30_000));
        return Admin.create(config);
    }

    @Bean
    DeadLetters deadLetters(
            KafkaProperties kafka, KafkaClientConfigs configs, TopicProvisioner topics, MeterRegistry meters) {
        return new DeadLetters(kafka, configs, topics, meters);
    }

    @Bean
    ConsumerLoops consumerLoops(DeadLetters deadLetters, KafkaProperties kafka, MeterRegistry meters) {
        return new ConsumerLoops(deadLetters, kafka, meters);
    }
}
