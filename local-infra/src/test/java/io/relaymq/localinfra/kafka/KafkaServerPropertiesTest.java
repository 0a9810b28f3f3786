package io.relaymq.localinfra.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class KafkaServerPropertiesTest {

    @Test
    void singleNodeUsesADynamicQuorumAndNoTopicAutoCreation() {
        KafkaNodeSpec node = new KafkaNodeSpec(1, 9092, 19092, Path.of("/w/n1"));
        String props = KafkaServerProperties.render(node, List.of(node));
        assertThat(props)
                .contains("controller.quorum.bootstrap.servers=127.0.0.1:19092\n")
                .doesNotContain("controller.quorum.voters")
                .contains("auto.create.topics.enable=false\n")
                .contains("offsets.topic.replication.factor=1\n")
                .contains("min.insync.replicas=1\n")
                .contains("log.dirs=/w/n1/data\n");
    }

    @Test
    void threeNodesUseStaticVotersReplicationThreeAndMinIsrTwo() {
        List<KafkaNodeSpec> nodes = List.of(
                new KafkaNodeSpec(1, 9092, 19092, Path.of("/w/1")),
                new KafkaNodeSpec(2, 9093, 19093, Path.of("/w/2")),
                new KafkaNodeSpec(3, 9094, 19094, Path.of("/w/3")));
        String props = KafkaServerProperties.render(nodes.get(1), nodes);
        assertThat(props)
                .contains("node.id=2\n")
                .contains("controller.quorum.voters=1@127.0.0.1:19092,2@127.0.0.1:19093,3@127.0.0.1:19094\n")
                .contains("listeners=PLAINTEXT://127.0.0.1:9093,CONTROLLER://127.0.0.1:19093\n")
                .contains("default.replication.factor=3\n")
                .contains("min.insync.replicas=2\n")
                .contains("transaction.state.log.min.isr=2\n");
    }
}
