package io.relaymq.broker.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.common.node.NodeId;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class NodeConfiguration {

    @Bean
    NodeId nodeId(NodeProperties properties) {
        return NodeId.configuredOrHostName(properties.id());
    }

    /** Every metric of this node carries {@code node=<id>}, so a cluster's series stay apart. */
    @Bean
    MeterRegistryCustomizer<MeterRegistry> nodeTag(NodeId nodeId) {
        return registry -> registry.config().commonTags("node", nodeId.value());
    }
}
