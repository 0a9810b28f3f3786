package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class PartitionProgressTest {

    private final PartitionProgress progress = new PartitionProgress(new TopicPartition("t", 0));

    @Test
    void onlyTheFinishedPrefixIsCommitted() {
        progress.read(10);
        progress.read(11);
        progress.read(12);
        assertThat(progress.toCommit()).isEqualTo(10);

        progress.finished(11);
        progress.finished(12);
        assertThat(progress.toCommit()).as("10 is not finished").isEqualTo(10);

        progress.committed(10);
        assertThat(progress.toCommit()).as("nothing new").isEqualTo(-1);

        progress.finished(10);
        assertThat(progress.toCommit()).isEqualTo(13);
        assertThat(progress.unfinishedCount()).isZero();
    }

    @Test
    void nothingReadIsNothingToCommit() {
        assertThat(progress.toCommit()).isEqualTo(-1);
    }
}
