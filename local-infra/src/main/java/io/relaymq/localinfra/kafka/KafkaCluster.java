package io.relaymq.localinfra.kafka;

import io.relaymq.localinfra.process.Await;
import io.relaymq.localinfra.process.Executables;
import io.relaymq.localinfra.process.ManagedProcess;
import io.relaymq.localinfra.process.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * Apache Kafka in KRaft mode, one JVM per combined broker+controller node, from the jars that the
 * build copied. Storage is formatted once; a later start on the same folder keeps the data.
 */
public final class KafkaCluster {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final KafkaRuntime runtime;
    private final List<KafkaNodeSpec> nodes;
    private final KafkaJvmOptions jvm;
    private final ManagedProcess[] processes;
    private final Optional<KafkaSaslListener> sasl;

    public KafkaCluster(KafkaRuntime runtime, List<KafkaNodeSpec> nodes, KafkaJvmOptions jvm) {
        this(runtime, nodes, jvm, Optional.empty());
    }

    private KafkaCluster(
            KafkaRuntime runtime, List<KafkaNodeSpec> nodes, KafkaJvmOptions jvm, Optional<KafkaSaslListener> sasl) {
        this.sasl = sasl;
        this.runtime = runtime;
        this.nodes = List.copyOf(nodes);
        this.jvm = jvm;
        this.processes = new ManagedProcess[nodes.size()];
    }

    /**
     * A one-node cluster of its own in {@code dir}, on free loopback ports and independent of any stack: the
     * "external" cluster of a test that delivers to another Kafka.
     */
    public static KafkaCluster singleNode(Path dir) {
        KafkaNodeSpec node = new KafkaNodeSpec(1, Ports.free(), Ports.free(), dir.resolve("node-1"));
        return new KafkaCluster(KafkaRuntime.locate(), List.of(node), KafkaJvmOptions.forTests());
    }

    /**
     * Like {@link #singleNode(Path)}, with a second client listener that authenticates with SASL (see
     * {@link KafkaSaslListener}); {@code plainUsers} maps PLAIN user names to passwords.
     */
    public static KafkaCluster singleNodeWithSasl(Path dir, Map<String, String> plainUsers) {
        KafkaNodeSpec node = new KafkaNodeSpec(1, Ports.free(), Ports.free(), dir.resolve("node-1"));
        return new KafkaCluster(
                KafkaRuntime.locate(),
                List.of(node),
                KafkaJvmOptions.forTests(),
                Optional.of(new KafkaSaslListener(Ports.free(), plainUsers)));
    }

    /** The SASL listener of a cluster from {@link #singleNodeWithSasl}. */
    public Optional<KafkaSaslListener> saslListener() {
        return sasl;
    }

    public List<KafkaNodeSpec> nodes() {
        return nodes;
    }

    public String bootstrapServers() {
        return nodes.stream().map(KafkaNodeSpec::bootstrap).collect(Collectors.joining(","));
    }

    /** Formats (first time only) and starts every node, then waits until all brokers answer. */
    public void start() {
        String clusterId = Uuid.randomUuid().toString();
        nodes.parallelStream().forEach(node -> prepare(node, clusterId));
        for (int i = 0; i < nodes.size(); i++) {
            launch(i);
        }
        awaitReady();
    }

    public void stop() {
        for (int i = 0; i < processes.length; i++) {
            if (processes[i] != null) {
                processes[i].stop("TERM", Duration.ofSeconds(20));
            }
        }
    }

    public void kill() {
        for (int i = 0; i < processes.length; i++) {
            kill(i);
        }
    }

    /**
     * Graceful stop of every node at once, as a whole-cluster outage: with the quorum going away a node's
     * controlled shutdown cannot finish, so each is killed after {@code grace}.
     */
    public void stopAll(Duration grace) {
        IntStream.range(0, processes.length).parallel().forEach(i -> {
            if (processes[i] != null) {
                processes[i].stop("TERM", grace);
            }
        });
    }

    /** Starts every node that is not running, on its old data, and waits until the cluster is whole. */
    public void restartAll() {
        for (int i = 0; i < processes.length; i++) {
            if (!isAlive(i)) {
                launch(i);
            }
        }
        awaitReady();
    }

    /** SIGKILL of one node, as a fault test does. */
    public void kill(int index) {
        if (processes[index] != null) {
            processes[index].kill();
        }
    }

    /** Starts a node that was killed or stopped, on its old data, and waits until the cluster is whole. */
    public void restart(int index) {
        if (processes[index] != null && processes[index].isAlive()) {
            throw new IllegalStateException("Kafka node " + nodes.get(index).nodeId() + " is still running");
        }
        launch(index);
        awaitReady();
    }

    public boolean isAlive(int index) {
        return processes[index] != null && processes[index].isAlive();
    }

    public long pid(int index) {
        return processes[index].pid();
    }

    private void prepare(KafkaNodeSpec node, String clusterId) {
        try {
            Files.createDirectories(node.dataDir());
            Files.writeString(node.propertiesFile(), KafkaServerProperties.render(node, nodes, sasl));
            Files.writeString(
                    node.dir().resolve("log4j2.properties"),
                    KafkaServerProperties.log4j2(node.dir().resolve("server.log")));
            if (!Files.exists(node.dataDir().resolve("meta.properties"))) {
                format(node, clusterId);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka node " + node.nodeId(), e);
        }
    }

    private void format(KafkaNodeSpec node, String clusterId) throws IOException {
        List<String> command = new ArrayList<>(jvm.toolCommand(runtime));
        command.addAll(List.of(
                "kafka.tools.StorageTool",
                "format",
                "-t",
                clusterId,
                "-c",
                node.propertiesFile().toString()));
        if (nodes.size() == 1) {
            command.add("--standalone");
        }
        Process format = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(node.dir().resolve("format.log").toFile())
                .start();
        try {
            if (!format.waitFor(60, TimeUnit.SECONDS) || format.exitValue() != 0) {
                throw new IOException(
                        "formatting Kafka storage failed, see " + node.dir().resolve("format.log") + ":\n"
                                + Files.readString(node.dir().resolve("format.log")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while formatting", e);
        }
    }

    private void launch(int index) {
        KafkaNodeSpec node = nodes.get(index);
        List<String> command =
                new ArrayList<>(jvm.serverCommand(runtime, node.dir().resolve("log4j2.properties")));
        command.addAll(List.of("kafka.Kafka", node.propertiesFile().toString()));
        try {
            processes[index] = ManagedProcess.start(
                    "kafka-" + node.nodeId(), command, node.dir(), node.dir().resolve("stdout.log"), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot start Kafka node " + node.nodeId() + " with " + Executables.currentJava(), e);
        }
    }

    private void awaitReady() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(props)) {
            Await.until(
                    "Kafka (" + bootstrapServers() + ")",
                    READY_TIMEOUT,
                    () -> brokerCount(admin) == nodes.size() && allAlive(),
                    this::diagnostics);
        }
    }

    private boolean allAlive() {
        for (int i = 0; i < processes.length; i++) {
            if (processes[i] == null || !processes[i].isAlive()) {
                throw new Await.GaveUp("Kafka node " + nodes.get(i).nodeId() + " exited, see "
                        + nodes.get(i).dir().resolve("server.log") + ":\n"
                        + (processes[i] == null ? "" : processes[i].tail(30)));
            }
        }
        return true;
    }

    private static int brokerCount(Admin admin) {
        try {
            return admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).size();
        } catch (Exception e) {
            return 0;
        }
    }

    private String diagnostics() {
        StringBuilder out = new StringBuilder();
        for (ManagedProcess process : processes) {
            if (process != null) {
                out.append("--- ")
                        .append(process.name())
                        .append(" (")
                        .append(process.logFile())
                        .append(")\n")
                        .append(process.tail(20))
                        .append('\n');
            }
        }
        return out.toString();
    }
}
