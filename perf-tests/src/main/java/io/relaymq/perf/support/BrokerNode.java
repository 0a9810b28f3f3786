package io.relaymq.perf.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A RelayMQ broker node started from {@code broker/target/relaymq-broker.jar} for a benchmark. */
public final class BrokerNode implements AutoCloseable {

    private final Process process;
    private final int httpPort;

    private BrokerNode(Process process, int httpPort) {
        this.process = process;
        this.httpPort = httpPort;
    }

    /** Starts a node with this environment, MQTT and HTTP port and maximum heap (e.g. {@code 1g}), logging to {@code log}. */
    public static BrokerNode start(Map<String, String> env, int mqttPort, int httpPort, String heap, Path log)
            throws IOException {
        Path jar = Path.of("broker", "target", "relaymq-broker.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: build it with ./mvnw -pl broker -am package -DskipTests");
        }
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-Xms512m",
                        "-Xmx" + heap,
                        "-XX:+UseG1GC",
                        "-jar",
                        jar.toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("LISTENER_TCP_BIND_PORT", Integer.toString(mqttPort));
        builder.environment().put("HTTP_BIND_PORT", Integer.toString(httpPort));
        builder.environment().put("LISTENER_WS_ENABLED", "false");
        return new BrokerNode(builder.start(), httpPort);
    }

    /** Waits until the node reports ready, or fails after {@code timeout}. */
    public BrokerNode awaitReady(Duration timeout) throws InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest ready = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + httpPort + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the broker node exited with " + process.exitValue());
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the broker node was not ready within " + timeout);
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
