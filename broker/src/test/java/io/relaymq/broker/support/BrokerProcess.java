package io.relaymq.broker.support;

import static org.awaitility.Awaitility.await;

import io.relaymq.localinfra.process.ClassArchive;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A broker node as its own JVM, started from the packaged jar against the test stack. */
public final class BrokerProcess implements AutoCloseable {

    private static final String SHORT_CONSUMER_SESSIONS =
            "{\"relaymq\":{\"kafka\":{\"client-config\":{\"session.timeout.ms\":\"4000\",\"heartbeat.interval.ms\":\"1000\"}}}}";

    /** How a node was started, so that it can be started again the same way. */
    private record Launch(
            String nodeId,
            StackEndpoints stack,
            Map<String, String> extraEnv,
            String maxHeap,
            int mqttPort,
            int httpPort) {}

    private final Launch launch;
    private final Process process;
    private final Path log;
    private final ClassArchive.Start archive;

    private BrokerProcess(Launch launch, Process process, Path log, ClassArchive.Start archive) {
        this.launch = launch;
        this.process = process;
        this.log = log;
        this.archive = archive;
    }

    public static BrokerProcess start(String nodeId, StackEndpoints stack) throws IOException {
        return start(nodeId, stack, Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true"));
    }

    /** A node with extra (or overriding) environment variables. */
    public static BrokerProcess start(String nodeId, StackEndpoints stack, Map<String, String> extraEnv)
            throws IOException {
        return start(nodeId, stack, extraEnv, "384m");
    }

    /** A node with extra environment and this maximum heap (e.g. {@code 256m}). */
    public static BrokerProcess start(String nodeId, StackEndpoints stack, Map<String, String> extraEnv, String maxHeap)
            throws IOException {
        return launch(new Launch(nodeId, stack, Map.copyOf(extraEnv), maxHeap, Ports.free(), Ports.free()), false);
    }

    /**
     * Starts this node again, after it has exited, with the same settings and on the same ports, as a
     * restarted pod or container would come back; its log continues in the same file.
     */
    public BrokerProcess restart() throws IOException {
        if (process.isAlive()) {
            throw new IllegalStateException(launch.nodeId() + " is still running");
        }
        return launch(launch, true);
    }

    private static BrokerProcess launch(Launch launch, boolean appendLog) throws IOException {
        Path jar = Path.of("target", "relaymq-broker.jar").toAbsolutePath();
        Path log = Files.createDirectories(Path.of("target", "cluster-nodes")).resolve(launch.nodeId() + ".log");
        ClassArchive.Start start = ClassArchive.next(jar);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m",
                "-Xmx" + launch.maxHeap(),
                "-XX:TieredStopAtLevel=1"));
        command.addAll(start.javaArguments());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(
                        appendLog
                                ? ProcessBuilder.Redirect.appendTo(log.toFile())
                                : ProcessBuilder.Redirect.to(log.toFile()));
        Map<String, String> env = builder.environment();
        env.putAll(launch.stack().brokerEnvironment());
        env.put("ADMIN_EMAIL", ApiClient.ADMIN_EMAIL);
        env.put("ADMIN_PASSWORD", ApiClient.ADMIN_PASSWORD);
        env.put("RELAYMQ_NODE_ID", launch.nodeId());
        env.put("LISTENER_TCP_BIND_PORT", Integer.toString(launch.mqttPort()));
        env.put("HTTP_BIND_PORT", Integer.toString(launch.httpPort()));
        env.put("LISTENER_WS_ENABLED", "false");
        env.put("LISTENER_SSL_ENABLED", "false");
        env.put("LISTENER_WSS_ENABLED", "false");
        env.put("RELAYMQ_KAFKA_MSG_ALL_PARTITIONS", "4");
        env.put("RELAYMQ_KAFKA_MSG_ALL_LINGER", "0ms");
        env.put("RELAYMQ_NODE_HEARTBEAT", "1s");
        env.put("RELAYMQ_NODE_DEAD_AFTER", "5s");
        env.put("MQTT_CONNECT_RATE", "0");
        // a killed node's consumers lose their partitions after 4 s instead of the production 10 s; the fault
        // suite passes SPRING_APPLICATION_JSON={} to keep production timing
        env.put("SPRING_APPLICATION_JSON", SHORT_CONSUMER_SESSIONS);
        env.put("RELAYMQ_LOG_LEVEL", System.getProperty("relaymq.test.node-log-level", "INFO"));
        env.putAll(launch.extraEnv());
        Process process = ClassArchive.launch(start, builder);
        return new BrokerProcess(launch, process, log, start);
    }

    /**
     * Stops every node given that was started (null entries are skipped), for {@code @AfterAll}: all get
     * SIGTERM at once and shut down side by side, instead of each waiting for the one before it to exit.
     */
    public static void closeAll(BrokerProcess... nodes) {
        for (BrokerProcess node : nodes) {
            if (node != null) {
                node.process.destroy();
            }
        }
        for (BrokerProcess node : nodes) {
            if (node != null) {
                node.awaitExit();
            }
        }
    }

    /** Waits until the node reports ready (caught up with the cluster state, listeners open). */
    public BrokerProcess awaitReady() {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + launch.httpPort() + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(2))
                .build();
        await().atMost(Duration.ofSeconds(120))
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException(launch.nodeId() + " exited, see " + log);
                    }
                    return http.send(ready, HttpResponse.BodyHandlers.discarding())
                                    .statusCode()
                            == 200;
                });
        ClassArchive.ready(archive);
        return this;
    }

    public String mqtt() {
        return "tcp://127.0.0.1:" + launch.mqttPort();
    }

    public int httpPort() {
        return launch.httpPort();
    }

    public int mqttPort() {
        return launch.mqttPort();
    }

    /** The node's log file (stdout and stderr). */
    public Path logFile() {
        return log;
    }

    public String nodeId() {
        return launch.nodeId();
    }

    /** SIGKILL: the node vanishes without any goodbye, as in a crash. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /**
     * SIGTERM, as Kubernetes stops a pod: the node drains its clients and exits by itself. Fails when it
     * is still running after {@code timeout} (it is then killed, so the test leaves nothing behind).
     */
    public void stopGracefully(Duration timeout) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException(
                    launch.nodeId() + " did not exit within " + timeout + " of SIGTERM, see " + log);
        }
    }

    @Override
    public void close() {
        process.destroy();
        awaitExit();
    }

    /** Waits up to 30 s for the node to exit after SIGTERM, then kills it. */
    private void awaitExit() {
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
