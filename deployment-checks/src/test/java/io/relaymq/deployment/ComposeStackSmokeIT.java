package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.ComposeContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The compose stack as a user starts it ({@code docker compose up --build}: the broker image is built
 * from this checkout's sources): both nodes become ready behind HAProxy and the admin API answers.
 * Needs a Docker engine; it is reported as skipped where there is none.
 */
@Testcontainers(disabledWithoutDocker = true)
class ComposeStackSmokeIT {

    private static final Path ROOT =
            Path.of(System.getProperty("relaymq.root", "..")).toAbsolutePath().normalize();

    @Container
    static final ComposeContainer STACK = new ComposeContainer(
                    new File(ROOT.resolve("docker/docker-compose.yml").toString()))
            .withBuild(true)
            .withEnv("ADMIN_PASSWORD", "smoke-test-password")
            .withExposedService(
                    "haproxy",
                    8083,
                    Wait.forHttp("/actuator/health/readiness")
                            .forStatusCode(200)
                            .withStartupTimeout(Duration.ofMinutes(5)));

    @Test
    void theStackServesTheApiBehindHaproxy() throws Exception {
        String base = "http://" + STACK.getServiceHost("haproxy", 8083) + ":" + STACK.getServicePort("haproxy", 8083);
        HttpResponse<String> login = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(base + "/api/auth/login"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"username\":\"sysadmin@relaymq.io\",\"password\":\"smoke-test-password\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).isEqualTo(200);
        assertThat(login.body()).contains("\"token\"");
    }
}
