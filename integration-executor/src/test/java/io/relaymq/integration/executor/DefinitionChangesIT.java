package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationState;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.http.HttpTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.node.ObjectNode;

/** Disabling, enabling, changing and breaking a definition while the executor runs, and the status topic. */
@ExtendWith(LocalStackExtension.class)
class DefinitionChangesIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    static ExecutorFixture fixture;
    static HttpEndpoint endpoint;
    static IntegrationExecutor executor;

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        fixture = new ExecutorFixture(stack);
        endpoint = new HttpEndpoint();
        executor = fixture.start("it-changes", List.of(new HttpTargetFactory(new MessageJson(fixture.mapper()))));
    }

    @AfterAll
    static void stop() {
        fixture.close();
        endpoint.close();
    }

    private static ObjectNode config(String path) {
        ObjectNode c = fixture.mapper().createObjectNode().put("url", endpoint.url(path));
        c.putObject("retry").put("maxAttempts", 2).put("initialBackoffMs", 10).put("maxBackoffMs", 10);
        return c;
    }

    private static void route(UUID id, String... payloads) {
        for (String p : payloads) {
            fixture.route(id, "t", p);
        }
    }

    @Test
    void disabledSkipsAndEnabledWithANewUrlDeliversThere() {
        UUID id = UUID.randomUUID();
        fixture.define(id, "moving", IntegrationType.HTTP, true, config("/old"), 1);
        route(id, "1", "2");
        await().atMost(WAIT).until(() -> endpoint.accepted("/old").size() >= 2);

        fixture.define(id, "moving", IntegrationType.HTTP, false, config("/old"), 2);
        route(id, "3", "4", "5");
        await().atMost(WAIT)
                .until(() -> executor.board().status(id).orElseThrow().skipped() >= 3);
        assertThat(executor.board().status(id).orElseThrow().state()).isEqualTo(IntegrationState.DISABLED);

        fixture.define(id, "moving", IntegrationType.HTTP, true, config("/new"), 3);
        route(id, "6", "7");
        await().atMost(WAIT).until(() -> endpoint.accepted("/new").size() >= 2);
        assertThat(endpoint.accepted("/new")).containsExactly("6", "7");
        assertThat(endpoint.accepted("/old")).containsExactly("1", "2");
        assertThat(endpoint.requests("/old")).isEqualTo(2);
    }

    @Test
    void aNewIntegrationsFirstMessageIsNotTakenForAnUnknownOne() {
        List<UUID> ids = IntStream.range(0, 20).mapToObj(i -> UUID.randomUUID()).toList();
        for (UUID id : ids) {
            // the broker writes the definition, then routes at once: the replica may not have read it yet
            fixture.define(id, "new", IntegrationType.HTTP, true, config("/new-" + id), 1);
            route(id, "first");
        }

        for (UUID id : ids) {
            await().atMost(WAIT).until(() -> endpoint.accepted("/new-" + id).contains("first"));
            assertThat(skipped(id)).isZero();
        }
    }

    @Test
    void aRemovedIntegrationsMessagesAreSkipped() {
        UUID id = UUID.randomUUID();
        fixture.define(id, "gone", IntegrationType.HTTP, true, config("/gone"), 1);
        route(id, "1");
        await().atMost(WAIT).until(() -> endpoint.accepted("/gone").size() >= 1);

        fixture.remove(id);
        await().atMost(WAIT).until(() -> executor.board().status(id).isEmpty());
        route(id, "2", "3");

        await().atMost(WAIT).until(() -> skippedMeter(id) >= 2);
        assertThat(endpoint.requests("/gone")).isEqualTo(1);
        await().atMost(WAIT)
                .until(() -> fixture.statuses().keySet().stream().noneMatch(k -> k.startsWith(id.toString())));
    }

    @Test
    void theStatusTopicShowsCountsAndTheLastError() {
        UUID ok = UUID.randomUUID();
        UUID failing = UUID.randomUUID();
        fixture.define(ok, "ok", IntegrationType.HTTP, true, config("/status-ok"), 1);
        fixture.define(failing, "failing", IntegrationType.HTTP, true, config("/status-down"), 1);
        endpoint.answer("/status-down", n -> 503);
        route(ok, "a", "b", "c");
        route(failing, "x");

        String okKey = ok + "/" + executor.executorId();
        String failingKey = failing + "/" + executor.executorId();
        await().atMost(WAIT).until(() -> {
            var s = fixture.statuses();
            return s.containsKey(okKey)
                    && s.get(okKey).delivered() == 3
                    && s.containsKey(failingKey)
                    && s.get(failingKey).deadLettered() == 1;
        });
        IntegrationStatus good = fixture.statuses().get(okKey);
        assertThat(good.state()).isEqualTo(IntegrationState.ACTIVE);
        assertThat(good.lastSuccessAt()).isPositive();
        assertThat(good.lastError()).isNull();
        assertThat(good.type()).isEqualTo(IntegrationType.HTTP);
        IntegrationStatus bad = fixture.statuses().get(failingKey);
        assertThat(bad.lastError()).startsWith("HTTP 503");
        assertThat(bad.lastErrorAt()).isPositive();
        assertThat(bad.retried()).isEqualTo(1);
        assertThat(bad.delivered()).isZero();
    }

    @Test
    void aRefusedConfigurationIsReportedAsFailedToStart() {
        UUID id = UUID.randomUUID();
        ObjectNode broken = fixture.mapper().createObjectNode().put("url", "ftp://nowhere.example/");
        fixture.define(id, "broken", IntegrationType.HTTP, true, broken, 1);

        String key = id + "/" + executor.executorId();
        await().atMost(WAIT)
                .until(() -> fixture.statuses().containsKey(key)
                        && fixture.statuses().get(key).state() == IntegrationState.FAILED_TO_START);
        assertThat(fixture.statuses().get(key).lastError()).contains("url: the scheme must be http or https");

        fixture.define(id, "broken", IntegrationType.HTTP, true, config("/repaired"), 2);
        route(id, "works");
        await().atMost(WAIT).until(() -> endpoint.accepted("/repaired").contains("works"));
        await().atMost(WAIT).until(() -> fixture.statuses().get(key).state() == IntegrationState.ACTIVE);
    }

    private static double skippedMeter(UUID id) {
        var counter = fixture.meters("it-changes")
                .find("relaymq.integration.skipped")
                .tag("integration", id.toString())
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static long skipped(UUID id) {
        return executor.board().status(id).map(IntegrationStatus::skipped).orElse(0L);
    }
}
