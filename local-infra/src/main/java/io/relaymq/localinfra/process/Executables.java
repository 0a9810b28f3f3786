package io.relaymq.localinfra.process;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Finding programs on PATH, running short commands, and who we run as. */
public final class Executables {

    private static final String APT_LOCK_WAIT = "DPkg::Lock::Timeout=300";

    private Executables() {}

    public static Optional<Path> find(String program) {
        String path = System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Runs a short command and returns its combined output; fails when it exits non-zero. */
    public static String run(long timeoutSeconds, String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s: " + String.join(" ", command));
            }
            String text = new String(out);
            if (process.exitValue() != 0) {
                throw new IOException(
                        "exit " + process.exitValue() + " from " + String.join(" ", command) + ":\n" + text);
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
    }

    /**
     * Installs Debian packages: {@code apt-get update}, then a quiet install without recommended packages. Both
     * wait up to five minutes for the apt and dpkg locks, so a concurrent apt run (another build) delays, not fails.
     */
    public static void aptInstall(String... debianPackages) throws IOException {
        run(420, "apt-get", "-o", APT_LOCK_WAIT, "update", "-q");
        List<String> install = new ArrayList<>(List.of(
                "env",
                "DEBIAN_FRONTEND=noninteractive",
                "apt-get",
                "-o",
                APT_LOCK_WAIT,
                "install",
                "-y",
                "-q",
                "--no-install-recommends"));
        install.addAll(List.of(debianPackages));
        run(900, install.toArray(String[]::new));
    }

    /** True when this JVM runs as uid 0 (read from /proc, so it works without a shell). */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return "0".equals(line.split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /** The java launcher of this JVM, so child JVMs run on the same JDK (17 or 25). */
    public static String currentJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
