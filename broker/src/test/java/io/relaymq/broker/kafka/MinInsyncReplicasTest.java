package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The min.insync.replicas the broker gives the topics it creates. */
class MinInsyncReplicasTest {

    @Test
    void byDefaultAllButOneReplicaFromThreeOnAndOneBelow() {
        assertThat(MinInsyncReplicas.of(0, 1)).isEqualTo(1);
        assertThat(MinInsyncReplicas.of(0, 2)).isEqualTo(1);
        assertThat(MinInsyncReplicas.of(0, 3)).isEqualTo(2);
        assertThat(MinInsyncReplicas.of(0, 5)).isEqualTo(4);
    }

    @Test
    void aConfiguredValueIsKeptButNeverAboveTheReplicationFactor() {
        assertThat(MinInsyncReplicas.of(2, 5)).isEqualTo(2);
        assertThat(MinInsyncReplicas.of(3, 3)).isEqualTo(3);
        assertThat(MinInsyncReplicas.of(2, 1)).isEqualTo(1);
    }
}
