package io.relaymq.perf.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * HiveMQ CE (its embedded edition, module {@code perf-tests/hivemq-ce}) in its own JVM with the same heap
 * as a RelayMQ node, file persistence, anonymous usage statistics off.
 */
final class HiveMqTarget {

    static final int PORT = 31883;
    static final Path MODULE = Path.of("perf-tests", "hivemq-ce", "target");

    private HiveMqTarget() {}

    static boolean available() {
        return Files.isDirectory(MODULE.resolve("lib")) && Files.isDirectory(MODULE.resolve("classes"));
    }

    static Target start(String heap, Path work) throws IOException, InterruptedException {
        if (!available()) {
            throw new IllegalStateException("HiveMQ CE is not built: ./mvnw -pl perf-tests/hivemq-ce package");
        }
        Files.createDirectories(work);
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = MODULE.resolve("classes") + ":" + MODULE.resolve("lib") + "/*";
        Process process = new ProcessBuilder(
                        java,
                        "-Xms512m",
                        "-Xmx" + heap,
                        "-XX:+UseG1GC",
                        "-cp",
                        classpath,
                        "io.relaymq.perf.hivemq.HiveMqCeMain",
                        Integer.toString(PORT),
                        work.toAbsolutePath().toString(),
                        "file")
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("hivemq.log").toFile())
                .start();
        Ports.awaitOpen("127.0.0.1", PORT, Duration.ofMinutes(2), process);
        return new LocalProcessTarget("hivemq-ce", process, PORT);
    }
}
