package io.relaymq.perf.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.perf.scenario.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunnerOptionsTest {

    @Test
    void defaultsRunRelayMqOnOneNode() {
        RunnerOptions options = RunnerOptions.from(Settings.of(Map.of()));

        assertThat(options.targets()).containsExactly("relaymq");
        assertThat(options.nodes()).isEqualTo(1);
        assertThat(options.relayMqAuth()).isFalse();
        assertThat(options.serverPids()).isEmpty();
    }

    @Test
    void targetsAndPidsAreLists() {
        RunnerOptions options =
                RunnerOptions.from(Settings.of(Map.of("targets", "relaymq, mosquitto,hivemq", "server-pids", "12,34")));

        assertThat(options.targets()).containsExactly("relaymq", "mosquitto", "hivemq");
        assertThat(options.serverPids()).containsExactly(12L, 34L);
        assertThat(RunnerOptions.environment("A=1; B = x=y ;"))
                .containsExactly(Map.entry("A", "1"), Map.entry("B", "x=y"));
    }

    @Test
    void mistakesAreNamed() {
        assertThatThrownBy(() -> RunnerOptions.from(Settings.of(Map.of("targets", "emqx"))))
                .hasMessageContaining("targets are a comma list");
        assertThatThrownBy(() -> RunnerOptions.from(Settings.of(Map.of("broker-heap", "lots"))))
                .hasMessageContaining("broker-heap");
        assertThatThrownBy(() -> RunnerOptions.from(Settings.of(Map.of("nodes", "0"))))
                .hasMessageContaining("nodes");
    }

    @Test
    void mosquittoGetsNoDelayAndNoQueueCaps() {
        String config = MosquittoTarget.config(31884);

        assertThat(config)
                .contains(
                        "listener 31884 127.0.0.1",
                        "set_tcp_nodelay true",
                        "allow_anonymous true",
                        "max_queued_messages 0",
                        "max_inflight_messages 0");
    }
}
