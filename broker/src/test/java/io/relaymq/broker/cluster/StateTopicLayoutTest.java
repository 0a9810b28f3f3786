package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StateTopicLayoutTest {

    @Test
    void compactedSinglePartitionTopicsPass() {
        assertThatCode(() -> StateTopicLayout.check("t", 1, "compact")).doesNotThrowAnyException();
        assertThatCode(() -> StateTopicLayout.check("t", 1, "compact,delete")).doesNotThrowAnyException();
    }

    @Test
    void morePartitionsStopTheNodeSayingWhatToFix() {
        assertThatThrownBy(() -> StateTopicLayout.check("relaymq.msg.retained", 3, "compact"))
                .hasMessageContaining("has 3 partitions but must have exactly 1")
                .hasMessageContaining("--delete --topic relaymq.msg.retained");
    }

    @Test
    void missingCompactionStopsTheNodeSayingWhatToFix() {
        assertThatThrownBy(() -> StateTopicLayout.check("relaymq.msg.retained", 1, "delete"))
                .hasMessageContaining("cleanup.policy=delete but must be compact")
                .hasMessageContaining("--add-config cleanup.policy=compact");
    }
}
