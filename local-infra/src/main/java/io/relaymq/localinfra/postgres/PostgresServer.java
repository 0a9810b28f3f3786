package io.relaymq.localinfra.postgres;

/** A PostgreSQL server process on loopback that the broker's database lives in. */
public interface PostgresServer {

    /** Starts the server (initialising its folder the first time) and creates the broker's database. */
    void start();

    /** Fast shutdown: open transactions are rolled back, data stays. */
    void stop();

    /** SIGKILL of the postmaster, as a fault test does. */
    void kill();

    void restart();

    int port();

    /** Which binaries run it, for the start-up summary. */
    String description();

    DatabaseSpec database();

    default String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database().name();
    }
}
