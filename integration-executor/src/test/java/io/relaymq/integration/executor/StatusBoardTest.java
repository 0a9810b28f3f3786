package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationState;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class StatusBoardTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Clock clock = Clock.fixed(Instant.ofEpochMilli(1_000), ZoneOffset.UTC);
    private final StatusBoard board = new StatusBoard("ex-1", new ExecutorMetrics(meters), clock);
    private final IntegrationDefinition hook = new IntegrationDefinition(
            UUID.randomUUID(),
            "hook",
            IntegrationType.HTTP,
            true,
            List.of("a/#"),
            JsonMapper.builder().build().createObjectNode(),
            1);

    @Test
    void eventsMapToStateCountsAndTimes() {
        board.opened(hook);
        board.retrying(hook, "HTTP 503");
        assertThat(status().state()).isEqualTo(IntegrationState.RETRYING);

        board.delivered(hook, Duration.ofMillis(12));
        IntegrationStatus s = status();
        assertThat(s.state()).isEqualTo(IntegrationState.ACTIVE);
        assertThat(s.delivered()).isEqualTo(1);
        assertThat(s.retried()).isEqualTo(1);
        assertThat(s.lastError()).isEqualTo("HTTP 503");
        assertThat(s.lastErrorAt()).isEqualTo(1_000);
        assertThat(s.lastSuccessAt()).isEqualTo(1_000);
        assertThat(s.executorId()).isEqualTo("ex-1");
        assertThat(s.name()).isEqualTo("hook");

        board.deadLettered(hook, "HTTP 400");
        board.skipped(hook.id(), hook);
        assertThat(status().deadLettered()).isEqualTo(1);
        assertThat(status().skipped()).isEqualTo(1);
        assertThat(status().lastError()).isEqualTo("HTTP 400");
    }

    @Test
    void aTargetThatDoesNotOpenIsFailedToStartUntilItOpens() {
        board.failedToStart(hook, "configuration refused: url: required");
        board.retrying(hook, "target not open");
        assertThat(status().state()).isEqualTo(IntegrationState.FAILED_TO_START);

        board.opened(hook);
        assertThat(status().state()).isEqualTo(IntegrationState.ACTIVE);

        board.disabled(hook);
        assertThat(status().state()).isEqualTo(IntegrationState.DISABLED);
    }

    @Test
    void onlyChangesAreHandedOutAndRemovalLeavesATombstone() {
        board.opened(hook);
        assertThat(board.takeChanged()).hasSize(1);
        assertThat(board.takeChanged()).isEmpty();

        board.disabled(hook);
        assertThat(board.takeChanged()).hasSize(1);
        board.disabled(hook);
        assertThat(board.takeChanged()).isEmpty();

        board.removed(hook.id());
        assertThat(board.takeRemoved()).containsExactly(hook.id());
        assertThat(board.takeRemoved()).isEmpty();
        assertThat(board.status(hook.id())).isEmpty();
    }

    @Test
    void metersAreTaggedByIntegrationAndType() {
        board.delivered(hook, Duration.ofMillis(5));
        board.delivered(hook, Duration.ofMillis(7));
        board.retrying(hook, "x");
        board.deadLettered(hook, "y");
        board.skipped(hook.id(), hook);

        String id = hook.id().toString();
        assertThat(meters.get("relaymq.integration.delivered")
                        .tag("integration", id)
                        .tag("type", "HTTP")
                        .counter()
                        .count())
                .isEqualTo(2.0);
        assertThat(meters.get("relaymq.integration.retries")
                        .tag("integration", id)
                        .counter()
                        .count())
                .isEqualTo(1.0);
        assertThat(meters.get("relaymq.integration.dead.lettered")
                        .tag("integration", id)
                        .counter()
                        .count())
                .isEqualTo(1.0);
        assertThat(meters.get("relaymq.integration.skipped")
                        .tag("integration", id)
                        .counter()
                        .count())
                .isEqualTo(1.0);
        assertThat(meters.get("relaymq.integration.delivery.latency")
                        .tag("integration", id)
                        .timer()
                        .count())
                .isEqualTo(2);
    }

    private IntegrationStatus status() {
        return board.status(hook.id()).orElseThrow();
    }
}
