package io.relaymq.localinfra.cli;

import io.relaymq.localinfra.process.ClassArchive;
import io.relaymq.localinfra.process.Executables;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Starts one broker node (the Spring Boot jar) as a child process pointed at a stack. */
final class BrokerLauncher {

    static final int MQTT_PORT = 1883;
    static final int HTTP_PORT = 8083;
    /** Every listener's bind address: MQTT over TCP, WebSocket, TLS, secure WebSocket, and HTTP. */
    static final List<String> BIND_KEYS = List.of(
            "LISTENER_TCP_BIND_ADDRESS",
            "LISTENER_WS_BIND_ADDRESS",
            "LISTENER_SSL_BIND_ADDRESS",
            "LISTENER_WSS_BIND_ADDRESS",
            "HTTP_BIND_ADDRESS");

    private static final String JAR = "broker/target/relaymq-broker.jar";

    private final Path jar;
    /** The class-data-sharing arguments of the node this launcher started; null before {@link #start}. */
    private ClassArchive.Start archive;

    private BrokerLauncher(Path jar) {
        this.jar = jar;
    }

    static BrokerLauncher locate() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(JAR))) {
                return new BrokerLauncher(dir.resolve(JAR));
            }
        }
        throw new IllegalStateException(JAR + " not found above " + Path.of("").toAbsolutePath()
                + ": build it with ./mvnw -pl broker -am package -DskipTests (./relaymq does this for you)");
    }

    /** The environment of a local-only node (every listener on 127.0.0.1). */
    static Map<String, String> environment(StackEndpoints stack, String nodeId, int portOffset) {
        return environment(stack, nodeId, portOffset, CliOptions.LOCAL_ONLY);
    }

    static Map<String, String> environment(StackEndpoints stack, CliOptions options) {
        return environment(stack, options.nodeId(), options.portOffset(), options.bindAddress());
    }

    /**
     * The environment of one node: the stack's endpoints, its id, its ports, and its listeners' bind address
     * (from --bind only: a LISTENER_*_BIND_ADDRESS or HTTP_BIND_ADDRESS in the caller's environment is
     * replaced, so the banner's "local only" is always true).
     */
    static Map<String, String> environment(StackEndpoints stack, String nodeId, int portOffset, String bindAddress) {
        Map<String, String> env = new LinkedHashMap<>(stack.brokerEnvironment());
        BIND_KEYS.forEach(key -> env.put(key, bindAddress));
        env.put("RELAYMQ_NODE_ID", nodeId);
        env.put("LISTENER_TCP_BIND_PORT", Integer.toString(MQTT_PORT + portOffset));
        env.put("HTTP_BIND_PORT", Integer.toString(HTTP_PORT + portOffset));
        // the local run profile: clients without credentials may connect unless the user says otherwise
        env.put("MQTT_AUTH_ALLOW_ANONYMOUS", System.getenv().getOrDefault("MQTT_AUTH_ALLOW_ANONYMOUS", "true"));
        // ... and the admin API's first user gets the documented dev password (production generates one)
        env.put("ADMIN_EMAIL", System.getenv().getOrDefault("ADMIN_EMAIL", "sysadmin@relaymq.io"));
        env.put("ADMIN_PASSWORD", System.getenv().getOrDefault("ADMIN_PASSWORD", "sysadmin"));
        return env;
    }

    /**
     * Starts the node from the extracted jar with the classes that an earlier node of the same jar archived when
     * it stopped ({@link ClassArchive}): the first node after a build trains the archive, later ones start faster.
     */
    Process start(Map<String, String> environment) throws IOException {
        archive = ClassArchive.next(jar);
        List<String> command = new ArrayList<>(List.of(
                Executables.currentJava(), "-Xms256m", "-Xmx1g", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError"));
        command.addAll(archive.javaArguments());
        if (Executables.find("setsid").isPresent()) {
            command.add(0, "setsid");
        }
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().putAll(environment);
        return ClassArchive.launch(archive, builder);
    }

    /** The node is up: if it trains the class archive, what it archives when it stops is kept for the next start. */
    void ready() {
        if (archive != null) {
            ClassArchive.ready(archive);
        }
    }

    /** The host to reach a listener bound to {@code bindAddress} from this machine (URL form). */
    static String probeHost(String bindAddress) {
        InetAddress address = CliOptions.literal(bindAddress);
        if (address == null || address.isAnyLocalAddress()) {
            return "127.0.0.1";
        }
        return bindAddress.contains(":") ? "[" + bindAddress + "]" : bindAddress;
    }

    /** Polls the node's health endpoint until it answers UP, the process exits, or the timeout passes. */
    static Optional<String> awaitHealthy(Process broker, String host, int httpPort, Duration timeout)
            throws InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + httpPort + "/actuator/health"))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && broker.isAlive()) {
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return Optional.of(response.body());
                }
                last = response.statusCode() + " " + response.body();
            } catch (IOException e) {
                last = e.getMessage();
            }
            Thread.sleep(500);
        }
        return Optional.empty();
    }
}
