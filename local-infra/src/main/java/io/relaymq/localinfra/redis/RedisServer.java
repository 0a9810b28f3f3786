package io.relaymq.localinfra.redis;

import io.relaymq.localinfra.process.Await;
import io.relaymq.localinfra.process.ManagedProcess;
import io.relaymq.localinfra.process.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One redis-server on loopback that is not part of a Redis Cluster: a standalone server, a replica
 * ({@code --replicaof}) or a sentinel ({@code --sentinel}), for tests of the standalone and sentinel
 * connection types. No persistence; the log is {@code redis.log} in its folder.
 */
public final class RedisServer implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final ManagedProcess process;
    private final int port;

    private RedisServer(ManagedProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts {@code binary} in {@code dir} on a free port, with {@code arguments} after the port, bind and
     * persistence options (ACL users, {@code --replicaof}, ...), and waits until it listens.
     */
    public static RedisServer start(String name, Path binary, Path dir, List<String> arguments) throws IOException {
        int port = Ports.free();
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                Ports.LOOPBACK,
                "--protected-mode",
                "no",
                "--dir",
                dir.toAbsolutePath().toString(),
                "--save",
                "",
                "--appendonly",
                "no"));
        command.addAll(arguments);
        return launch(name, command, dir, port);
    }

    /**
     * Starts {@code binary} as a sentinel on a free port, with {@code configLines} (e.g. {@code sentinel monitor
     * ...}) in its configuration file, which the sentinel rewrites as it learns the group.
     */
    public static RedisServer startSentinel(String name, Path binary, Path dir, List<String> configLines)
            throws IOException {
        int port = Ports.free();
        Files.createDirectories(dir);
        List<String> lines = new ArrayList<>(
                List.of("port " + port, "bind " + Ports.LOOPBACK, "protected-mode no", "dir " + dir.toAbsolutePath()));
        lines.addAll(configLines);
        Path config = Files.write(dir.resolve("sentinel.conf"), lines);
        return launch(name, List.of(binary.toString(), config.toAbsolutePath().toString(), "--sentinel"), dir, port);
    }

    private static RedisServer launch(String name, List<String> command, Path dir, int port) throws IOException {
        ManagedProcess process = ManagedProcess.start(name, command, dir, dir.resolve("redis.log"), Map.of());
        RedisServer server = new RedisServer(process, port);
        Await.until(
                name + " on " + port,
                READY_TIMEOUT,
                () -> {
                    if (!process.isAlive()) {
                        throw new Await.GaveUp(name + " exited:\n" + process.tail(20));
                    }
                    return Ports.isListening(port);
                },
                () -> process.tail(20));
        return server;
    }

    public int port() {
        return port;
    }

    /** host:port, as REDIS_NODES and REDIS_SENTINEL_NODES take it. */
    public String address() {
        return Ports.LOOPBACK + ":" + port;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The last lines of its log, for assertion messages. */
    public String log() {
        return process.tail(30);
    }

    /** SIGKILL, waiting until the process is gone. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.stop("TERM", Duration.ofSeconds(5));
    }
}
