package io.relaymq.localinfra.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One operating-system process started by local-infra: a Kafka JVM, a redis-server or a postgres
 * postmaster. Output goes to a log file beside the server's data. Stop is graceful with a bound and
 * falls back to SIGKILL; kill is SIGKILL at once, which is what fault tests want.
 */
public final class ManagedProcess {

    private static final Logger log = LoggerFactory.getLogger(ManagedProcess.class);

    private final String name;
    private final Process process;
    private final Path logFile;

    private ManagedProcess(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
    }

    /**
     * Starts {@code command} with its output appended to {@code logFile}. On Linux the process gets a
     * session of its own, so a Ctrl-C in the terminal reaches only the launcher, which then stops the
     * servers in order.
     */
    public static ManagedProcess start(
            String name, List<String> command, Path workDir, Path logFile, Map<String, String> environment)
            throws IOException {
        Files.createDirectories(logFile.getParent());
        ProcessBuilder builder = new ProcessBuilder(OwnSession.wrap(command))
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        builder.environment().putAll(environment);
        Process process = builder.start();
        log.debug("started {} pid={} {}", name, process.pid(), command);
        return new ManagedProcess(name, process, logFile);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public Path logFile() {
        return logFile;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL, then wait until the kernel has reaped it so its ports are free again. */
    public void kill() {
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(10));
    }

    /** Sends {@code signal} (e.g. "TERM", "INT"), waits up to {@code grace}, then SIGKILL. */
    public void stop(String signal, Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        Signals.send(process.pid(), signal);
        if (!awaitExit(grace)) {
            log.warn("{} (pid {}) did not stop within {}; killing it", name, process.pid(), grace);
            kill();
        }
    }

    private boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The last lines of the log, for error messages when a server does not come up. */
    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(logFile);
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
