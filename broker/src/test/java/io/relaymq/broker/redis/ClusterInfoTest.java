package io.relaymq.broker.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClusterInfoTest {

    @Test
    void okClusterIsHealthy() {
        ClusterInfo info = ClusterInfo.parse("cluster_enabled:1\r\ncluster_state:ok\r\ncluster_known_nodes:6\r\n");
        assertThat(info.ok()).isTrue();
        assertThat(info.knownNodes()).isEqualTo(6);
    }

    @Test
    void failedOrUnknownClusterIsNot() {
        assertThat(ClusterInfo.parse("cluster_state:fail\r\n").ok()).isFalse();
        assertThat(ClusterInfo.parse("").state()).isEqualTo("unknown");
    }
}
