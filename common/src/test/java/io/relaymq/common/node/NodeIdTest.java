package io.relaymq.common.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NodeIdTest {

    @Test
    void configuredIdWins() {
        assertThat(NodeId.configuredOrHostName(" relaymq-0 ").value()).isEqualTo("relaymq-0");
    }

    @Test
    void blankConfigurationFallsBackToAValidHostName() {
        NodeId id = NodeId.configuredOrHostName("  ");
        assertThat(id.value()).isNotBlank().matches("[A-Za-z0-9._-]+");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "node 1", "node/1", "nöde"})
    void idsThatCannotNameAKafkaTopicAreRefused(String bad) {
        assertThatThrownBy(() -> new NodeId(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node id");
    }
}
