package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * HiveMQ CE (its embedded edition, module {@code perf-tests/hivemq-ce}) in its own JVM with the same heap
 * as a RelayMQ node, file persistence, anonymous usage statistics off.
 */
final class HiveMqTarget implements Target {

    static final int PORT = 31883;
    static final Path MODULE = Path.of("perf-tests", "hivemq-ce", "target");

    private final Process process;

    private HiveMqTarget(Process process) {
        this.process = process;
    }

    static boolean available() {
        return Files.isDirectory(MODULE.resolve("lib")) && Files.isDirectory(MODULE.resolve("classes"));
    }

    static HiveMqTarget start(String heap, Path work) throws IOException, InterruptedException {
        if (!available()) {
            throw new IllegalStateException("HiveMQ CE is not built: ./mvnw -pl perf-tests/hivemq-ce package");
        }
        Files.createDirectories(work);
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = MODULE.resolve("classes") + ":" + MODULE.resolve("lib") + "/*";
        Process process = new ProcessBuilder(java, "-Xms512m", "-Xmx" + heap, "-XX:+UseG1GC", "-cp", classpath,
                "io.relaymq.perf.hivemq.HiveMqCeMain", Integer.toString(PORT), work.toAbsolutePath().toString(), "file")
                .redirectErrorStream(true).redirectOutput(work.resolve("hivemq.log").toFile()).start();
        Ports.awaitOpen("127.0.0.1", PORT, Duration.ofMinutes(2), process);
        return new HiveMqTarget(process);
    }

    @Override
    public String name() {
        return "hivemq-ce";
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public List<Integer> ports() {
        return List.of(PORT);
    }

    @Override
    public ServerProbe probe() {
        return ServerProcesses.single("hivemq", process.pid());
    }

    @Override
    public void close() {
        Ports.stop(process);
    }
}
