package io.relaymq.perf.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.perf.scenario.ScenarioSettings;
import io.relaymq.perf.scenario.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkRunnerTest {

    private static String name(Map<String, String> settings) {
        return new BenchmarkRunner(
                        ScenarioSettings.from(Settings.of(settings), "r"),
                        RunnerOptions.from(Settings.of(Map.of())),
                        System.out)
                .runName();
    }

    @Test
    void reportNamesKeepPersistentAndCleanRunsApart() {
        assertThat(name(Map.of("scenario", "p2p"))).isEqualTo("p2p");
        assertThat(name(Map.of("scenario", "p2p", "persistent", "false"))).isEqualTo("p2p-clean");
        assertThat(name(Map.of("scenario", "fan-in", "mqtt", "5"))).isEqualTo("fan-in-mqtt5");
        assertThat(name(Map.of("scenario", "idle", "persistent", "false"))).isEqualTo("idle");
    }
}
