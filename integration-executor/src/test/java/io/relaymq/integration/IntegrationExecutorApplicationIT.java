package io.relaymq.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.executor.ExecutorFixture;
import io.relaymq.integration.executor.HttpEndpoint;
import io.relaymq.integration.executor.IntegrationExecutor;
import io.relaymq.integration.executor.Targets;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The standalone process as main starts it: integration-executor.yml is read (Kafka from the broker's
 * KAFKA_BOOTSTRAP_SERVERS, which the stack extension sets), the HTTP factory is found, and a routed message
 * arrives at the endpoint and is counted on the optional /metrics endpoint.
 */
@ExtendWith(LocalStackExtension.class)
class IntegrationExecutorApplicationIT {

    @Test
    void theProcessDeliversWithItsOwnConfigFile(StackEndpoints stack) throws Exception {
        try (ExecutorFixture fixture = new ExecutorFixture(stack);
                HttpEndpoint endpoint = new HttpEndpoint()) {
            var topics = fixture.topics();
            int metricsPort;
            try (ServerSocket free = new ServerSocket(0)) {
                metricsPort = free.getLocalPort();
            }
            try (ConfigurableApplicationContext context = IntegrationExecutorApplication.application()
                    .run(
                            "--relaymq.integration-executor.topics.definitions=" + topics.definitions(),
                            "--relaymq.integration-executor.topics.messages=" + topics.messages(),
                            "--relaymq.integration-executor.topics.dead-letters=" + topics.deadLetters(),
                            "--relaymq.integration-executor.topics.status=" + topics.status(),
                            "--relaymq.integration-executor.consumer-group=it-app-" + UUID.randomUUID(),
                            "--relaymq.integration-executor.standalone.metrics-address=127.0.0.1",
                            "--relaymq.integration-executor.standalone.metrics-port=" + metricsPort)) {
                IntegrationExecutor executor = context.getBean(IntegrationExecutor.class);
                assertThat(executor.executorId()).matches(".+-[0-9a-f]{6}");
                assertThat(context.getBean(Targets.class)
                                .problems(IntegrationType.HTTP, fixture.mapper().createObjectNode()))
                        .containsExactly("url: required, an http or https URL");

                UUID id = UUID.randomUUID();
                fixture.define(
                        id,
                        "app",
                        IntegrationType.HTTP,
                        true,
                        fixture.mapper().createObjectNode().put("url", endpoint.url("/app")),
                        1);
                fixture.route(id, "a/b", "from the process");

                await().atMost(Duration.ofSeconds(60))
                        .until(() -> endpoint.accepted("/app").contains("from the process"));

                HttpClient http = HttpClient.newHttpClient();
                HttpRequest metrics = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/metrics"))
                        .build();
                // the endpoint has answered before the executor counts the delivery: wait for the count
                String delivered = "relaymq_integration_delivered_total{integration=\"" + id + "\",type=\"HTTP\"} 1.0";
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    HttpResponse<String> page = http.send(metrics, HttpResponse.BodyHandlers.ofString());
                    assertThat(page.statusCode()).isEqualTo(200);
                    assertThat(page.body()).contains(delivered);
                });
                HttpResponse<String> other = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/x"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(other.statusCode()).isEqualTo(404);
            }
        }
    }
}
