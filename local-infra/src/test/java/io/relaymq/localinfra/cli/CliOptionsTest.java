package io.relaymq.localinfra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CliOptionsTest {

    @Test
    void runIsTheDefaultCommandWithNodeOneOnTheStandardPorts() {
        CliOptions options = CliOptions.parse(List.of(), Map.of());
        assertThat(options.command()).isEqualTo("run");
        assertThat(options.nodeId()).isEqualTo("node-1");
        assertThat(options.portOffset()).isZero();
        assertThat(options.workDir())
                .isEqualTo(Path.of(".relaymq").toAbsolutePath().normalize());
    }

    @Test
    void anExtraNodeGetsAnotherIdAndShiftedPortsByDefault() {
        CliOptions options = CliOptions.parse(List.of("node"), Map.of("RELAYMQ_WORK", "/data/rmq"));
        assertThat(options.nodeId()).isEqualTo("node-2");
        assertThat(options.portOffset()).isEqualTo(10);
        assertThat(options.workDir()).isEqualTo(Path.of("/data/rmq"));
    }

    @Test
    void optionsOverrideDefaults() {
        CliOptions options = CliOptions.parse(
                List.of("stack", "--kafka-nodes", "3", "--redis-replicas", "1", "--work", "/w"), Map.of());
        assertThat(options.kafkaNodes()).isEqualTo(3);
        assertThat(options.redisReplicas()).isEqualTo(1);
        assertThat(options.workDir()).isEqualTo(Path.of("/w"));
    }

    @Test
    void badInputIsExplained() {
        assertThatThrownBy(() -> CliOptions.parse(List.of("launch"), Map.of())).hasMessageContaining("unknown command");
        assertThatThrownBy(() -> CliOptions.parse(List.of("--kafka-nodes", "9"), Map.of()))
                .hasMessageContaining("from 1 to 3");
        assertThatThrownBy(() -> CliOptions.parse(List.of("--node-id"), Map.of()))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> CliOptions.parse(List.of("--node-id", "a b"), Map.of()))
                .hasMessageContaining("--node-id");
    }

    @Test
    void nodeEnvironmentShiftsEveryBrokerPort() {
        var stack = new StackEndpoints("k", "r", "j", "u", "p");
        Map<String, String> env = BrokerLauncher.environment(stack, "node-2", 10);
        assertThat(env)
                .containsEntry("RELAYMQ_NODE_ID", "node-2")
                .containsEntry("LISTENER_TCP_BIND_PORT", "1893")
                .containsEntry("HTTP_BIND_PORT", "8093")
                .containsEntry("KAFKA_BOOTSTRAP_SERVERS", "k");
        if (System.getenv("ADMIN_PASSWORD") == null) {
            assertThat(env).as("the local run's documented admin password").containsEntry("ADMIN_PASSWORD", "sysadmin");
        }
    }
}
