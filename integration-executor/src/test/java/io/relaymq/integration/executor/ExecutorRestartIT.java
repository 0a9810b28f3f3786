package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.http.HttpTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An executor stopped in the middle of a stream, while the endpoint is slow, loses nothing: the next executor
 * of the group delivers every message at least once and in order per integration (a restart may repeat the
 * messages that were in flight; the test prints how many).
 */
@ExtendWith(LocalStackExtension.class)
class ExecutorRestartIT {

    private static final int COUNT = 200;

    private ExecutorFixture fixture;
    private HttpEndpoint endpoint;

    @AfterEach
    void stop() {
        fixture.close();
        endpoint.close();
    }

    @Test
    void aRestartInTheMiddleOfAStreamLosesNothingAndKeepsOrder(StackEndpoints stack) throws Exception {
        fixture = new ExecutorFixture(stack);
        endpoint = new HttpEndpoint();
        endpoint.latency(Duration.ofMillis(15));
        UUID x = hook("/x");
        UUID y = hook("/y");
        for (int i = 0; i < COUNT; i++) {
            fixture.route(x, "a", Integer.toString(i));
            fixture.route(y, "b", Integer.toString(i));
        }
        var factories = List.of(new HttpTargetFactory(new MessageJson(fixture.mapper())));

        IntegrationExecutor first = fixture.start("it-restart-1", factories);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> endpoint.accepted("/x").size() >= 30);
        first.close();
        int beforeRestart = endpoint.accepted("/x").size();
        assertThat(beforeRestart).as("stopped in the middle").isLessThan(COUNT);

        fixture.start("it-restart-2", factories);
        await().atMost(Duration.ofSeconds(90))
                .until(() -> covers(endpoint.accepted("/x")) && covers(endpoint.accepted("/y")));

        for (String path : List.of("/x", "/y")) {
            List<Integer> got =
                    endpoint.accepted(path).stream().map(Integer::parseInt).toList();
            RestartOrder.assertAtLeastOnceInOrder(path, got, COUNT);
        }
    }

    private UUID hook(String path) {
        UUID id = UUID.randomUUID();
        fixture.define(
                id,
                "restart" + path,
                IntegrationType.HTTP,
                true,
                fixture.mapper().createObjectNode().put("url", endpoint.url(path)),
                1);
        return id;
    }

    private static boolean covers(List<String> got) {
        return RestartOrder.covers(got.stream().map(Integer::parseInt).toList(), COUNT);
    }
}
