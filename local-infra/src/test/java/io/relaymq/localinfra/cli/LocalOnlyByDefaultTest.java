package io.relaymq.localinfra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Finding 8: {@code ./relaymq run} started a node with anonymous MQTT and the documented admin password
 * on every interface. Like Mosquitto 2 without a configuration, a local node now listens on 127.0.0.1
 * only unless {@code --bind} says otherwise, and its banner says so.
 */
class LocalOnlyByDefaultTest {

    private static final List<String> BIND_KEYS = List.of(
            "LISTENER_TCP_BIND_ADDRESS",
            "LISTENER_WS_BIND_ADDRESS",
            "LISTENER_SSL_BIND_ADDRESS",
            "LISTENER_WSS_BIND_ADDRESS",
            "HTTP_BIND_ADDRESS");
    private final StackEndpoints stack = new StackEndpoints("k", "r", "j", "u", "p");

    @Test
    void aLocalNodeListensOnLoopbackOnly() {
        Map<String, String> env = BrokerLauncher.environment(stack, "node-1", 0);
        for (String key : BIND_KEYS) {
            assertThat(env).as(key).containsEntry(key, "127.0.0.1");
        }
    }

    @Test
    void runAndNodeAreLocalOnlyAndTheBannerSaysSo() {
        for (String command : List.of("run", "node")) {
            CliOptions options = CliOptions.parse(List.of(command), Map.of());
            assertThat(options.bindAddress()).isEqualTo("127.0.0.1");
            Map<String, String> env = BrokerLauncher.environment(stack, options);
            BIND_KEYS.forEach(key -> assertThat(env).containsEntry(key, "127.0.0.1"));
            assertThat(String.join("\n", Banner.lines(options, env)))
                    .contains("local only")
                    .contains("tcp://127.0.0.1:" + (1883 + options.portOffset()))
                    .contains("Console    http://127.0.0.1:" + (8083 + options.portOffset()) + "/")
                    .contains("--bind");
        }
    }

    @Test
    void bindOpensEveryListenerAndTheBannerWarnsAboutTheDevSettings() {
        CliOptions options = CliOptions.parse(List.of("run", "--bind", "0.0.0.0"), Map.of());
        Map<String, String> env = new HashMap<>(BrokerLauncher.environment(stack, options));
        BIND_KEYS.forEach(key -> assertThat(env).containsEntry(key, "0.0.0.0"));
        env.put("MQTT_AUTH_ALLOW_ANONYMOUS", "true"); // the local run's defaults, whatever this machine's env says
        env.put("ADMIN_PASSWORD", "sysadmin");
        String banner = String.join("\n", Banner.lines(options, env));
        assertThat(banner)
                .doesNotContain("local only")
                .contains("0.0.0.0")
                .contains("anonymous")
                .contains("ADMIN_PASSWORD");
        assertThat(BrokerLauncher.probeHost("0.0.0.0")).isEqualTo("127.0.0.1");
        assertThat(BrokerLauncher.probeHost("192.0.2.10")).isEqualTo("192.0.2.10");
    }

    @Test
    void bindTakesAnAddressNotAHostName() {
        assertThat(CliOptions.parse(List.of("node", "--bind", "::1"), Map.of()).bindAddress())
                .isEqualTo("::1");
        assertThatThrownBy(() -> CliOptions.parse(List.of("--bind", "example.com"), Map.of()))
                .hasMessageContaining("--bind");
        assertThatThrownBy(() -> CliOptions.parse(List.of("--bind", "300.1.1.1"), Map.of()))
                .hasMessageContaining("--bind");
    }
}
