package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.RelayMqNodeTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The node announces itself in Redis and keeps its last-seen time fresh. */
@RelayMqNodeTest
class NodeRegistryIT {

    @Autowired
    NodeRegistry registry;

    @Test
    void theNodeIsListedWithARecentHeartbeatAndItsPorts() throws Exception {
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(registry.nodes()).anySatisfy(node -> {
                    assertThat(node.nodeId()).isEqualTo("it-node-1");
                    assertThat(node.lastSeenMillis()).isGreaterThan(System.currentTimeMillis() - 15_000);
                    assertThat(node.lastSeenMillis()).isGreaterThanOrEqualTo(node.startedMillis());
                    assertThat(node.mqttPorts()).contains("tcp=");
                }));
        long first = registry.nodes().stream()
                .filter(n -> n.nodeId().equals("it-node-1"))
                .findFirst()
                .orElseThrow()
                .lastSeenMillis();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> registry.nodes().stream()
                                .filter(n -> n.nodeId().equals("it-node-1"))
                                .findFirst()
                                .orElseThrow()
                                .lastSeenMillis()
                        > first);
    }
}
