package io.relaymq.localinfra.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the Kafka server's jars are. The build copies them to
 * {@code local-infra/kafka-server/target/kafka-lib}; {@code -Drelaymq.kafka.lib} or
 * {@code RELAYMQ_KAFKA_LIB} point elsewhere.
 */
public record KafkaRuntime(Path libDir) {

    static final String RELATIVE_LIB = "local-infra/kafka-server/target/kafka-lib";

    public KafkaRuntime {
        if (!isKafkaLib(libDir)) {
            throw new IllegalStateException("No Kafka server jars in " + libDir
                    + ": build them with ./mvnw -pl local-infra -am package -DskipTests");
        }
    }

    public static KafkaRuntime locate() {
        return configured()
                .or(KafkaRuntime::searchUpwards)
                .map(KafkaRuntime::new)
                .orElseThrow(() -> new IllegalStateException("Kafka server jars not found (looked for "
                        + RELATIVE_LIB + " above " + Path.of("").toAbsolutePath()
                        + "); build with ./mvnw -pl local-infra -am package -DskipTests or set RELAYMQ_KAFKA_LIB"));
    }

    public String classpath() {
        return libDir.toAbsolutePath() + "/*";
    }

    private static Optional<Path> configured() {
        String value = System.getProperty("relaymq.kafka.lib", System.getenv("RELAYMQ_KAFKA_LIB"));
        return Optional.ofNullable(value)
                .filter(v -> !v.isBlank())
                .map(Path::of)
                .filter(KafkaRuntime::isKafkaLib);
    }

    private static Optional<Path> searchUpwards() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE_LIB);
            if (isKafkaLib(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    static boolean isKafkaLib(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("kafka_2.13-"));
        } catch (IOException e) {
            return false;
        }
    }
}
