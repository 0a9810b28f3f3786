package io.relaymq.broker.kafka;

import io.relaymq.common.node.NodeId;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class KafkaAdminConfiguration {

    /** One admin client per node; closed with the context. */
    @Bean(destroyMethod = "close")
    Admin kafkaAdmin(KafkaProperties kafka, NodeId nodeId) {
        Map<String, Object> config = new HashMap<>(kafka.clientConfig());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "relaymq-admin-" + nodeId);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) kafka.apiTimeout().toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(kafka.apiTimeout().toMillis(), 30_000));
        return Admin.create(config);
    }
}
