package io.relaymq.localinfra.mosquitto;

import io.relaymq.localinfra.process.Await;
import io.relaymq.localinfra.process.Executables;
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
 * One Mosquitto broker on a free loopback port, from a configuration file written into its folder (see
 * {@link MosquittoConfig}): no persistence; anonymous clients allowed unless users are given, then only they may
 * connect, with the passwords set through {@code mosquitto_passwd}; optionally an ACL file and TLS. It can be
 * stopped and started again on the same port.
 */
public final class MosquittoServer implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final MosquittoBinary binary;
    private final Path dir;
    private final int port;
    private final boolean tls;
    private ManagedProcess process;

    private MosquittoServer(MosquittoBinary binary, Path dir, int port, boolean tls) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.tls = tls;
    }

    /** Starts Mosquitto in {@code dir} with {@code config}, on a free loopback port, and waits until it listens. */
    public static MosquittoServer start(MosquittoBinary binary, Path dir, MosquittoConfig config) throws IOException {
        Files.createDirectories(dir);
        MosquittoServer server =
                new MosquittoServer(binary, dir, Ports.free(), config.tls().isPresent());
        server.writeConfig(config);
        server.start();
        return server;
    }

    private void writeConfig(MosquittoConfig config) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "listener " + port + " " + Ports.LOOPBACK,
                "persistence false",
                "log_dest stdout",
                "log_type error",
                "log_type warning",
                "log_type notice",
                "log_type information"));
        if (Executables.isRoot()) {
            lines.add("user root"); // stay root: the files here are not readable by the mosquitto user
        }
        config.tls().ifPresent(tls -> {
            lines.add("certfile " + tls.certificate().toAbsolutePath());
            lines.add("keyfile " + tls.privateKey().toAbsolutePath());
        });
        if (config.users().isEmpty()) {
            lines.add("allow_anonymous true");
        } else {
            lines.add("allow_anonymous false");
            lines.add("password_file " + passwords(config.users()).toAbsolutePath());
        }
        if (!config.acl().isEmpty()) {
            Path aclFile = Files.write(dir.resolve("acl"), config.acl());
            lines.add("acl_file " + aclFile.toAbsolutePath());
        }
        Files.write(dir.resolve("mosquitto.conf"), lines);
    }

    private Path passwords(Map<String, String> users) throws IOException {
        Path passwords = dir.resolve("passwords");
        Files.deleteIfExists(passwords);
        Files.createFile(passwords);
        for (Map.Entry<String, String> user : users.entrySet()) {
            Executables.run(30, binary.passwd().toString(), "-b", passwords.toString(), user.getKey(), user.getValue());
        }
        return passwords;
    }

    /** Starts it (again) on its port and waits until it listens. */
    public void start() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("mosquitto on " + port + " is still running");
        }
        List<String> command = List.of(
                binary.broker().toString(),
                "-c",
                dir.resolve("mosquitto.conf").toAbsolutePath().toString());
        ManagedProcess started =
                ManagedProcess.start("mosquitto", command, dir, dir.resolve("mosquitto.log"), Map.of());
        process = started;
        Await.until(
                "mosquitto on " + port,
                READY_TIMEOUT,
                () -> {
                    if (!started.isAlive()) {
                        throw new Await.GaveUp("mosquitto exited:\n" + started.tail(20));
                    }
                    return Ports.isListening(port);
                },
                () -> started.tail(20));
    }

    /** Stops it gracefully (SIGTERM, then SIGKILL after 5 s); {@link #start} brings it back on the same port. */
    public void stop() {
        if (process != null) {
            process.stop("TERM", Duration.ofSeconds(5));
        }
    }

    public int port() {
        return port;
    }

    /** The URI MQTT clients connect to, e.g. {@code tcp://127.0.0.1:12345} ({@code ssl://} with TLS). */
    public String uri() {
        return (tls ? "ssl://" : "tcp://") + Ports.LOOPBACK + ":" + port;
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** The last lines of its log, for assertion messages. */
    public String log() {
        return process == null ? "" : process.tail(30);
    }

    @Override
    public void close() {
        stop();
    }
}
