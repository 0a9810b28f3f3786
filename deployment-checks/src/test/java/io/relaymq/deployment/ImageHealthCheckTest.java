package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The image's HEALTHCHECK command, run as Docker runs it against a stand-in readiness endpoint: healthy only
 * while readiness answers 200, also when a DOWN answer lists components that are UP (which a search for
 * "UP" in the body took for healthy).
 */
class ImageHealthCheckTest {

    private static final Path ROOT =
            Path.of(System.getProperty("relaymq.root", "..")).toAbsolutePath().normalize();

    private HttpServer readiness;

    @AfterEach
    void stop() {
        if (readiness != null) {
            readiness.stop(0);
        }
    }

    @Test
    void healthyWhenReadinessAnswers200() throws Exception {
        serve(200, "{\"status\":\"UP\",\"components\":{\"kafka\":{\"status\":\"UP\"}}}");
        assertThat(runHealthCheck()).isZero();
    }

    @Test
    void unhealthyWhenReadinessIsDownThoughSomeComponentsAreUp() throws Exception {
        serve(
                503,
                "{\"status\":\"DOWN\",\"components\":{\"kafka\":{\"status\":\"UP\"},\"redis\":{\"status\":\"DOWN\"}}}");
        assertThat(runHealthCheck()).isNotZero();
    }

    private void serve(int status, String body) throws IOException {
        readiness = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        readiness.createContext("/actuator/health/readiness", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        readiness.start();
    }

    /** The command of the Dockerfile's HEALTHCHECK (bash -c '…'), with HTTP_BIND_PORT pointing at the stand-in. */
    private int runHealthCheck() throws IOException, InterruptedException {
        String dockerfile = Files.readString(ROOT.resolve("docker/Dockerfile"));
        String line = dockerfile
                .lines()
                .filter(l -> l.strip().startsWith("CMD bash -c '"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no HEALTHCHECK CMD bash -c '…' in docker/Dockerfile"));
        String command = line.substring(line.indexOf('\'') + 1, line.lastIndexOf('\''));
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        builder.environment()
                .put("HTTP_BIND_PORT", Integer.toString(readiness.getAddress().getPort()));
        Process process = builder.start();
        process.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the health check did not finish in 10 s");
        }
        return process.exitValue();
    }
}
