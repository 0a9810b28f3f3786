package io.relaymq.localinfra.kafka;

import io.relaymq.localinfra.process.Executables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * JVM options of the Kafka processes. {@code fastStart} uses the C1 compiler only, which starts a
 * broker about a third faster; benchmarks turn it off so Kafka runs at full speed.
 */
public record KafkaJvmOptions(String heap, boolean fastStart) {

    public static KafkaJvmOptions forTests() {
        return new KafkaJvmOptions("-Xms128m -Xmx384m", true);
    }

    public static KafkaJvmOptions forRun() {
        return new KafkaJvmOptions("-Xms256m -Xmx1g", false);
    }

    List<String> toolCommand(KafkaRuntime runtime) {
        List<String> command = new ArrayList<>(
                List.of(Executables.currentJava(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dlog4j2.level=WARN"));
        command.addAll(List.of("-cp", runtime.classpath()));
        return command;
    }

    List<String> serverCommand(KafkaRuntime runtime, Path log4jConfig) {
        List<String> command = new ArrayList<>();
        command.add(Executables.currentJava());
        command.addAll(List.of(heap.trim().split("\\s+")));
        command.addAll(List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-Djava.awt.headless=true"));
        if (fastStart) {
            command.add("-XX:TieredStopAtLevel=1");
        }
        command.add("-Dlog4j2.configurationFile=" + log4jConfig.toAbsolutePath());
        command.addAll(List.of("-cp", runtime.classpath()));
        return command;
    }
}
