package io.relaymq.localinfra.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StackSettingsTest {

    private final Path work = Path.of("/tmp/x");

    @Test
    void onlyOneOrThreeKafkaNodesAreAccepted() {
        assertThatThrownBy(() -> StackSettings.forTests(work).withKafkaNodes(2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 or 3");
    }

    @Test
    void replicasDoubleTheRedisNodes() {
        assertThat(StackSettings.forTests(work).withRedisReplicas(1).redisNodeCount())
                .isEqualTo(6);
        assertThat(StackSettings.forTests(work).redisNodeCount()).isEqualTo(3);
    }

    @Test
    void externalServersReplaceOnlyTheirOwnKind() {
        ExternalServers external = ExternalServers.fromEnvironment(Map.of("RELAYMQ_EXTERNAL_KAFKA", "kafka:9092"));
        StackSettings settings = external.applyTo(StackSettings.forTests(work));
        assertThat(settings.kafka()).isFalse();
        assertThat(settings.redis()).isTrue();
        assertThat(settings.postgres()).isTrue();
    }

    @Test
    void blankExternalValuesAreIgnored() {
        ExternalServers external = ExternalServers.fromEnvironment(Map.of("RELAYMQ_EXTERNAL_REDIS_NODES", "  "));
        assertThat(external.redisNodes()).isEmpty();
    }
}
