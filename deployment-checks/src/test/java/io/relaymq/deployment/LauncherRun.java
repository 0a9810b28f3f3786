package io.relaymq.deployment;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One {@code ./relaymq run} as a terminal runs it: in a session and process group of its own, with SIGINT
 * handled by default (a build started in the background would otherwise pass on an ignored SIGINT, which
 * the JVM then keeps ignoring). While it runs, every process it starts is noted: its descendants, and any
 * process whose command line names the run's work folder (PostgreSQL leaves the tree when {@code pg_ctl}
 * exits).
 */
final class LauncherRun implements AutoCloseable {

    private final Process launcher;
    private final Path work;
    private final StringBuffer output = new StringBuffer();
    private final Set<Long> seen = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

    private LauncherRun(Process launcher, Path work) {
        this.launcher = launcher;
        this.work = work;
    }

    static LauncherRun start(Path root, Path work, String nodeId, int portOffset) throws IOException {
        Process process = new ProcessBuilder(
                        "setsid",
                        "env",
                        "--default-signal=INT",
                        "./relaymq",
                        "run",
                        "--work",
                        work.toString(),
                        "--node-id",
                        nodeId,
                        "--port-offset",
                        Integer.toString(portOffset))
                .directory(root.toFile())
                .redirectErrorStream(true)
                .start();
        LauncherRun run = new LauncherRun(process, work);
        Thread reader = new Thread(run::readOutput, "launcher-output");
        reader.setDaemon(true);
        reader.start();
        run.sampler.scheduleWithFixedDelay(run::sample, 0, 100, TimeUnit.MILLISECONDS);
        return run;
    }

    private void readOutput() {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.append(line).append('\n');
            }
        } catch (IOException e) {
            output.append("(output ended: ").append(e.getMessage()).append(")\n");
        }
    }

    private void sample() {
        launcher.descendants().forEach(p -> seen.add(p.pid()));
        namingWork().forEach(seen::add);
    }

    /** Live processes whose command line names the work folder. */
    private List<Long> namingWork() {
        String folder = work.toString();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .filter(p -> commandLine(p).contains(folder))
                    .map(p -> Long.parseLong(p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
    }

    private static String commandLine(Path proc) {
        try {
            return new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    String output() {
        return output.toString();
    }

    void awaitOutput(String text, Duration atMost) {
        await().atMost(atMost)
                .pollInterval(Duration.ofMillis(100))
                .failFast("the launcher exited", () -> !launcher.isAlive())
                .until(() -> output.toString().contains(text));
    }

    /** Waits until a broker node process (the broker jar) exists under the launcher. */
    void awaitNodeProcess(Duration atMost) {
        await().atMost(atMost)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> launcher.descendants()
                        .anyMatch(p -> p.info().commandLine().orElse("").contains("relaymq-broker.jar")));
    }

    /** What a terminal sends on Ctrl-C: SIGINT to the launcher's process group. */
    void pressCtrlC() throws IOException, InterruptedException {
        int exit = new ProcessBuilder("kill", "-INT", "--", "-" + launcher.pid())
                .inheritIO()
                .start()
                .waitFor();
        if (exit != 0) {
            throw new IllegalStateException("kill -INT -" + launcher.pid() + " failed with " + exit);
        }
    }

    /** Waits (bounded) for the launcher to exit; empty when it did not. */
    Optional<Integer> awaitExit(Duration atMost) throws InterruptedException {
        return launcher.waitFor(atMost.toMillis(), TimeUnit.MILLISECONDS)
                ? Optional.of(launcher.exitValue())
                : Optional.empty();
    }

    /** The processes seen during the run that still live, with their command lines; call once it exited. */
    List<String> survivors() {
        sampler.shutdownNow();
        namingWork().forEach(seen::add);
        return seen.stream()
                .filter(LauncherRun::alive)
                .map(pid -> pid + " " + commandLine(Path.of("/proc", Long.toString(pid))))
                .toList();
    }

    /** Running, not a zombie waiting for a parent that is gone. */
    private static boolean alive(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    /** A failed test leaves nothing behind either. */
    @Override
    public void close() {
        sampler.shutdownNow();
        launcher.destroyForcibly();
        seen.stream()
                .filter(LauncherRun::alive)
                .forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }
}
