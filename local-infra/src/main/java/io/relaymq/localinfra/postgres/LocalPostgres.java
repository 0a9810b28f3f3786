package io.relaymq.localinfra.postgres;

import io.relaymq.localinfra.process.Await;
import io.relaymq.localinfra.process.Executables;
import io.relaymq.localinfra.process.ManagedProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL from the operating system's binaries (e.g. Debian's /usr/lib/postgresql/15/bin), the
 * postmaster as a child process. As root, initdb and postgres run as the {@code postgres} user through
 * {@code setpriv}, which execs in place so the process we hold is the postmaster itself.
 */
final class LocalPostgres implements PostgresServer {

    private static final String SUPERUSER = "postgres";

    private final Path binDir;
    private final Path dir;
    private final int port;
    private final DatabaseSpec database;
    private final boolean durable;
    private final boolean asPostgresUser;
    private ManagedProcess process;

    LocalPostgres(Path binDir, Path dir, int port, DatabaseSpec database, boolean durable) {
        this.binDir = binDir;
        this.dir = dir;
        this.port = port;
        this.database = database;
        this.durable = durable;
        this.asPostgresUser = Executables.isRoot();
    }

    @Override
    public void start() {
        try {
            Files.createDirectories(dir);
            if (asPostgresUser) {
                Executables.run(30, "chown", "-R", "postgres:postgres", dir.toString());
            }
            if (!Files.exists(dataDir().resolve("PG_VERSION"))) {
                Executables.run(
                        120,
                        command(
                                        binDir.resolve("initdb").toString(),
                                        "-D",
                                        dataDir().toString(),
                                        "-U",
                                        SUPERUSER,
                                        "--auth=trust",
                                        "--encoding=UTF8",
                                        "--locale=C",
                                        "--no-sync")
                                .toArray(String[]::new));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot initialise PostgreSQL in " + dataDir(), e);
        }
        launch();
        DatabaseProvisioning.ensure(port, SUPERUSER, database);
    }

    @Override
    public void stop() {
        if (process != null) {
            process.stop("INT", Duration.ofSeconds(20));
        }
    }

    @Override
    public void kill() {
        if (process != null) {
            process.kill();
        }
    }

    @Override
    public void restart() {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("PostgreSQL on " + port + " is still running");
        }
        launch();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String description() {
        return "PostgreSQL from " + binDir;
    }

    @Override
    public DatabaseSpec database() {
        return database;
    }

    private Path dataDir() {
        return dir.resolve("data");
    }

    private void launch() {
        List<String> args = new ArrayList<>(List.of(
                binDir.resolve("postgres").toString(),
                "-D",
                dataDir().toString(),
                "-p",
                Integer.toString(port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "unix_socket_directories=",
                "-c",
                "max_connections=200"));
        if (!durable) {
            args.addAll(List.of("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
        }
        try {
            process = ManagedProcess.start(
                    "postgres-" + port,
                    command(args.toArray(String[]::new)),
                    dir,
                    dir.resolve("postgres.log"),
                    Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL from " + binDir, e);
        }
        Await.until(
                "PostgreSQL on " + port,
                Duration.ofSeconds(60),
                () -> {
                    if (!process.isAlive()) {
                        throw new Await.GaveUp("postgres exited:\n" + process.tail(20));
                    }
                    return DatabaseProvisioning.answers(port, SUPERUSER);
                },
                () -> process.tail(20));
    }

    private List<String> command(String... args) {
        List<String> command = new ArrayList<>();
        if (asPostgresUser) {
            command.addAll(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
        }
        command.addAll(List.of(args));
        return command;
    }
}
