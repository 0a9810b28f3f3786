package io.relaymq.localinfra.redis;

import io.relaymq.localinfra.process.Executables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds a redis-server of version 6.2 or newer: on PATH; else installed through apt when we are root
 * on Debian/Ubuntu; else the Linux binary shipped in the embedded-redis artefact (Redis 6.2.6).
 */
public final class RedisBinary {

    private static final Logger log = LoggerFactory.getLogger(RedisBinary.class);
    private static final Pattern VERSION = Pattern.compile("v=(\\d+)\\.(\\d+)\\.(\\d+)");
    private static final String EMBEDDED = "redis-server-6.2.6-v5-linux-amd64";

    private RedisBinary() {}

    public static Path resolve(Path cacheDir) {
        return onPath().or(RedisBinary::installWithApt)
                .or(() -> extractEmbedded(cacheDir))
                .orElseThrow(
                        () -> new IllegalStateException(
                                "No redis-server >= 6.2 found: install Redis (e.g. apt-get install redis-server) or put it on PATH"));
    }

    static Optional<Path> onPath() {
        return Executables.find("redis-server").filter(RedisBinary::isRecentEnough);
    }

    private static Optional<Path> installWithApt() {
        if (!Executables.isRoot() || Executables.find("apt-get").isEmpty()) {
            return Optional.empty();
        }
        log.info("redis-server not found: installing it with apt-get (Debian package redis-server)");
        for (int attempt = 1; attempt <= 3; attempt++) {
            try {
                Executables.aptInstall("redis-server");
                return onPath();
            } catch (IOException e) {
                log.warn("apt-get install redis-server failed (attempt {}/3): {}", attempt, e.getMessage());
                pauseBeforeRetry(attempt);
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> extractEmbedded(Path cacheDir) {
        if (!"amd64".equals(System.getProperty("os.arch"))
                || !System.getProperty("os.name").startsWith("Linux")) {
            return Optional.empty();
        }
        Path target = cacheDir.resolve(EMBEDDED);
        if (Files.isExecutable(target)) {
            return Optional.of(target);
        }
        try (InputStream in = RedisBinary.class.getResourceAsStream("/" + EMBEDDED)) {
            if (in == null) {
                return Optional.empty();
            }
            Files.createDirectories(cacheDir);
            Path tmp = Files.createTempFile(cacheDir, EMBEDDED, ".tmp");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            tmp.toFile().setExecutable(true);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            log.info("using the redis-server 6.2.6 binary from the embedded-redis artefact: {}", target);
            return Optional.of(target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + EMBEDDED, e);
        }
    }

    private static boolean isRecentEnough(Path binary) {
        try {
            return parseVersion(Executables.run(10, binary.toString(), "--version"))
                    .map(v -> v[0] > 6 || (v[0] == 6 && v[1] >= 2))
                    .orElse(false);
        } catch (IOException e) {
            return false;
        }
    }

    /** Parses "Redis server v=7.0.15 sha=…" into {7, 0, 15}. */
    static Optional<int[]> parseVersion(String versionOutput) {
        Matcher m = VERSION.matcher(versionOutput);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(
                new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))});
    }

    private static void pauseBeforeRetry(int attempt) {
        try {
            Thread.sleep(2000L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
