package io.relaymq.localinfra.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.relaymq.localinfra.process.Await;
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
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A Redis Cluster of redis-server processes on loopback: masters, and optionally one replica each.
 * A folder that already holds a formed cluster (nodes.conf) is started as it is, keeping its data when
 * {@code persistent} (append-only file on).
 */
public final class RedisCluster {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final Path binary;
    private final List<RedisNodeSpec> nodes;
    private final boolean persistent;
    private final ManagedProcess[] processes;

    public RedisCluster(Path binary, List<RedisNodeSpec> nodes, boolean persistent) {
        this.binary = binary;
        this.nodes = List.copyOf(nodes);
        this.persistent = persistent;
        this.processes = new ManagedProcess[nodes.size()];
    }

    public List<RedisNodeSpec> nodes() {
        return nodes;
    }

    /** Comma-separated host:port of every node, as REDIS_NODES expects. */
    public String nodeAddresses() {
        return nodes.stream().map(RedisNodeSpec::address).collect(Collectors.joining(","));
    }

    public void start() {
        boolean formed = nodes.stream().allMatch(RedisNodeSpec::hasClusterConfig);
        for (int i = 0; i < nodes.size(); i++) {
            launch(i);
        }
        for (RedisNodeSpec node : nodes) {
            Await.until("redis-server on " + node.port(), READY_TIMEOUT, () -> ping(node), this::diagnostics);
        }
        if (!formed) {
            RedisClusterFormation.form(nodes, READY_TIMEOUT, this::diagnostics);
        }
        awaitClusterOk();
    }

    public void stop() {
        for (ManagedProcess process : processes) {
            if (process != null) {
                process.stop("TERM", Duration.ofSeconds(10));
            }
        }
    }

    public void kill() {
        for (int i = 0; i < processes.length; i++) {
            kill(i);
        }
    }

    public void kill(int index) {
        if (processes[index] != null) {
            processes[index].kill();
        }
    }

    /** Starts a killed or stopped node again on its cluster config and waits for the whole cluster. */
    public void restart(int index) {
        if (processes[index] != null && processes[index].isAlive()) {
            throw new IllegalStateException(
                    "redis-server on " + nodes.get(index).port() + " is still running");
        }
        launch(index);
        Await.until(
                "redis-server on " + nodes.get(index).port(),
                READY_TIMEOUT,
                () -> ping(nodes.get(index)),
                this::diagnostics);
        awaitClusterOk();
    }

    /**
     * Starts every node that is not running on its cluster config (and append-only file, when
     * persistent), and waits until every node answers and the cluster state is ok again.
     */
    public void restartAll() {
        for (int i = 0; i < nodes.size(); i++) {
            if (!isAlive(i)) {
                launch(i);
            }
        }
        for (RedisNodeSpec node : nodes) {
            Await.until("redis-server on " + node.port(), READY_TIMEOUT, () -> ping(node), this::diagnostics);
        }
        awaitClusterOk();
    }

    /** Process ids of the running nodes (for CPU accounting in benchmarks). */
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (ManagedProcess process : processes) {
            if (process != null && process.isAlive()) {
                pids.add(process.pid());
            }
        }
        return pids;
    }

    public boolean isAlive(int index) {
        return processes[index] != null && processes[index].isAlive();
    }

    /** Waits until every running node reports cluster_state:ok and knows every node. */
    public void awaitClusterOk() {
        Await.until(
                "Redis Cluster state ok",
                READY_TIMEOUT,
                () -> {
                    for (int i = 0; i < nodes.size(); i++) {
                        if (isAlive(i) && !"ok".equals(clusterInfoField(nodes.get(i), "cluster_state"))) {
                            return false;
                        }
                    }
                    return true;
                },
                this::diagnostics);
    }

    /** One field of CLUSTER INFO on one node (e.g. cluster_state). */
    public String clusterInfoField(RedisNodeSpec node, String field) {
        return withConnection(node, c -> RedisClusterFormation.field(c.sync().clusterInfo(), field));
    }

    private boolean ping(RedisNodeSpec node) {
        int index = nodes.indexOf(node);
        if (processes[index] != null && !processes[index].isAlive()) {
            throw new Await.GaveUp("redis-server on " + node.port() + " exited:\n" + processes[index].tail(10));
        }
        return Ports.isListening(node.port())
                && "PONG".equals(withConnection(node, c -> c.sync().ping()));
    }

    private static <T> T withConnection(RedisNodeSpec node, Function<StatefulRedisConnection<String, String>, T> call) {
        RedisClient client = RedisClient.create(RedisURI.builder()
                .withHost("127.0.0.1")
                .withPort(node.port())
                .withTimeout(Duration.ofSeconds(2))
                .build());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return call.apply(connection);
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
    }

    private void launch(int index) {
        RedisNodeSpec node = nodes.get(index);
        try {
            Files.createDirectories(node.dir());
            List<String> command = new ArrayList<>(List.of(
                    binary.toString(),
                    "--port",
                    Integer.toString(node.port()),
                    "--bind",
                    "127.0.0.1",
                    "--protected-mode",
                    "no",
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    node.dir().resolve("nodes.conf").toAbsolutePath().toString(),
                    "--cluster-node-timeout",
                    "3000",
                    "--dir",
                    node.dir().toAbsolutePath().toString(),
                    "--save",
                    "",
                    "--appendonly",
                    persistent ? "yes" : "no"));
            processes[index] = ManagedProcess.start(
                    "redis-" + node.port(), command, node.dir(), node.dir().resolve("redis.log"), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server on " + node.port(), e);
        }
    }

    private String diagnostics() {
        StringBuilder out = new StringBuilder();
        for (ManagedProcess process : processes) {
            if (process != null) {
                out.append("--- ")
                        .append(process.name())
                        .append(process.isAlive() ? "" : " (exited)")
                        .append('\n')
                        .append(process.tail(10))
                        .append('\n');
            }
        }
        return out.toString();
    }
}
