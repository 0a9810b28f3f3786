package io.relaymq.broker.support;

import static org.awaitility.Awaitility.await;

import io.relaymq.localinfra.process.Ports;
import io.relaymq.localinfra.stack.StackEndpoints;
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

/** A broker node as its own JVM, started from the packaged jar against the test stack. */
public final class BrokerProcess implements AutoCloseable {

    private final String nodeId;
    private final Process process;
    private final int mqttPort;
    private final int httpPort;
    private final Path log;

    private BrokerProcess(String nodeId, Process process, int mqttPort, int httpPort, Path log) {
        this.nodeId = nodeId;
        this.process = process;
        this.mqttPort = mqttPort;
        this.httpPort = httpPort;
        this.log = log;
    }

    public static BrokerProcess start(String nodeId, StackEndpoints stack) throws IOException {
        return start(nodeId, stack, Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true"));
    }

    /** A node with extra (or overriding) environment variables. */
    public static BrokerProcess start(String nodeId, StackEndpoints stack, Map<String, String> extraEnv) throws IOException {
        return start(nodeId, stack, extraEnv, "384m");
    }

    /** A node with extra environment and this maximum heap (e.g. {@code 256m}). */
    public static BrokerProcess start(String nodeId, StackEndpoints stack, Map<String, String> extraEnv, String maxHeap)
            throws IOException {
        int mqtt = Ports.free();
        int http = Ports.free();
        Path jar = Path.of("target", "relaymq-broker.jar").toAbsolutePath();
        Path log = Files.createDirectories(Path.of("target", "cluster-nodes")).resolve(nodeId + ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m", "-Xmx" + maxHeap, "-XX:TieredStopAtLevel=1", "-jar", jar.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.putAll(stack.brokerEnvironment());
        env.put("ADMIN_EMAIL", ApiClient.ADMIN_EMAIL);
        env.put("ADMIN_PASSWORD", ApiClient.ADMIN_PASSWORD);
        env.put("RELAYMQ_NODE_ID", nodeId);
        env.put("LISTENER_TCP_BIND_PORT", Integer.toString(mqtt));
        env.put("HTTP_BIND_PORT", Integer.toString(http));
        env.put("LISTENER_WS_ENABLED", "false");
        env.put("LISTENER_SSL_ENABLED", "false");
        env.put("LISTENER_WSS_ENABLED", "false");
        env.put("RELAYMQ_KAFKA_MSG_ALL_PARTITIONS", "4");
        env.put("RELAYMQ_KAFKA_MSG_ALL_LINGER", "0ms");
        env.put("RELAYMQ_NODE_HEARTBEAT", "1s");
        env.put("RELAYMQ_NODE_DEAD_AFTER", "5s");
        env.put("RELAYMQ_LOG_LEVEL", System.getProperty("relaymq.test.node-log-level", "INFO"));
        env.putAll(extraEnv);
        return new BrokerProcess(nodeId, builder.start(), mqtt, http, log);
    }

    /** Stops every node given that was started (null entries are skipped), for {@code @AfterAll}. */
    public static void closeAll(BrokerProcess... nodes) {
        for (BrokerProcess node : nodes) {
            if (node != null) {
                node.close();
            }
        }
    }

    /** Waits until the node reports ready (caught up with the cluster state, listeners open). */
    public BrokerProcess awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(2)).build();
        await().atMost(Duration.ofSeconds(120)).ignoreExceptionsInstanceOf(IOException.class).until(() -> {
            if (!process.isAlive()) {
                throw new IllegalStateException(nodeId + " exited, see " + log);
            }
            return http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        });
        return this;
    }

    public String mqtt() {
        return "tcp://127.0.0.1:" + mqttPort;
    }

    public int httpPort() {
        return httpPort;
    }

    public int mqttPort() {
        return mqttPort;
    }

    public String nodeId() {
        return nodeId;
    }

    /** SIGKILL: the node vanishes without any goodbye, as in a crash. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
