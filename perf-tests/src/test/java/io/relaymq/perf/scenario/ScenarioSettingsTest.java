package io.relaymq.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioSettingsTest {

    @Test
    void theDefaultsAreTbmqsPointToPointTest() {
        ScenarioSettings s = ScenarioSettings.from(Settings.of(Map.of()), "run1");

        assertThat(s.scenario()).isEqualTo("p2p");
        assertThat(s.qos()).isEqualTo(1);
        assertThat(s.payloadBytes()).isEqualTo(62);
        assertThat(s.rate()).isEqualTo(1.0);
        assertThat(s.persistent()).isTrue();
        assertThat(s.subscribers()).isEqualTo(s.publishers());
        assertThat(s.clientPrefix()).isEqualTo("brun1");
    }

    @Test
    void eachScenarioHasItsOwnClientCounts() {
        assertThat(ScenarioSettings.from(Settings.of(Map.of("scenario", "fan-in")), "r")
                        .subscribers())
                .isEqualTo(4);
        assertThat(ScenarioSettings.from(Settings.of(Map.of("scenario", "fan-out")), "r")
                        .publishers())
                .isEqualTo(5);
        assertThat(ScenarioSettings.from(
                                Settings.of(Map.of("scenario", "p2p", "publishers", "7", "subscribers", "99")), "r")
                        .subscribers())
                .isEqualTo(7);
    }

    @Test
    void aStormIsPointToPointTrafficWithTenThousandClientsArrivingAtAThousandASecond() {
        ScenarioSettings s = from("scenario", "storm");

        assertThat(s.publishers()).isEqualTo(2000);
        assertThat(s.subscribers()).isEqualTo(2000);
        assertThat(s.stormConnections()).isEqualTo(10_000);
        assertThat(s.stormRamp()).isEqualTo(1_000);
        assertThat(Scenarios.plan(s).subscribers()).hasSize(2000);
        assertThatThrownBy(() -> from("storm-ramp", "0")).hasMessageContaining("storm-ramp > 0");
    }

    @Test
    void flagsOverrideTheFileAndTyposAreRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("scenario.properties");
        Files.writeString(file, "scenario=fan-out\nrate=5\nports=1883,1884\n");

        Settings settings = Settings.fromArgs(new String[] {"--config=" + file, "--rate=2.5"}, ScenarioSettings.KEYS);
        ScenarioSettings s = ScenarioSettings.from(settings, "r");

        assertThat(s.scenario()).isEqualTo("fan-out");
        assertThat(s.rate()).isEqualTo(2.5);
        assertThat(s.ports()).containsExactly(1883, 1884);
        assertThatThrownBy(() -> Settings.fromArgs(new String[] {"--publisher=3"}, ScenarioSettings.KEYS))
                .hasMessageContaining("unknown settings [publisher]");
        assertThatThrownBy(() -> Settings.fromArgs(new String[] {"rate=3"}, Set.of("rate")))
                .hasMessageContaining("--key=value");
    }

    @Test
    void badValuesNameTheSetting() {
        assertThatThrownBy(() -> from("qos", "3")).hasMessageContaining("qos must be 0, 1 or 2");
        assertThatThrownBy(() -> from("scenario", "swarm")).hasMessageContaining("scenario must be one of");
        assertThatThrownBy(() -> from("payload", "8")).hasMessageContaining("payload must be 16 bytes");
        assertThatThrownBy(() -> from("mqtt", "4")).hasMessageContaining("mqtt must be 3.1.1 or 5");
        assertThatThrownBy(() -> from("rate", "fast")).hasMessageContaining("rate must be a number");
        assertThatThrownBy(() -> from("persistent", "yes")).hasMessageContaining("persistent must be true or false");
        assertThatThrownBy(() -> from("share-group", "a/b")).hasMessageContaining("share-group");
    }

    private static ScenarioSettings from(String key, String value) {
        return ScenarioSettings.from(Settings.of(Map.of(key, value)), "r");
    }

    @Test
    void anEndpointChangeKeepsEverythingElse() {
        ScenarioSettings s = from("publishers", "12").withEndpoint("10.0.0.1", List.of(1884));

        assertThat(s.host()).isEqualTo("10.0.0.1");
        assertThat(s.ports()).containsExactly(1884);
        assertThat(s.publishers()).isEqualTo(12);
        assertThat(s.withCredentials("d", "p", "a", "q").appUsername()).isEqualTo("a");
        assertThat(s.totalRate()).isEqualTo(12.0);
    }
}
