package io.relaymq.localinfra.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the stack's servers listen, and the broker environment variables that point to them.
 * Saved as a shell file of {@code export} lines that a second node (or a person) can source.
 */
public record StackEndpoints(
        String kafkaBootstrapServers, String redisNodes, String jdbcUrl, String jdbcUser, String jdbcPassword) {

    public static final String ENV_FILE = "stack.env";

    /** The broker's configuration keys (see broker's application.yml) for this stack. */
    public Map<String, String> brokerEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafkaBootstrapServers);
        env.put("REDIS_NODES", redisNodes);
        env.put("SPRING_DATASOURCE_URL", jdbcUrl);
        env.put("SPRING_DATASOURCE_USERNAME", jdbcUser);
        env.put("SPRING_DATASOURCE_PASSWORD", jdbcPassword);
        return env;
    }

    public String asExports() {
        StringBuilder out = new StringBuilder();
        brokerEnvironment()
                .forEach((k, v) -> out.append("export ")
                        .append(k)
                        .append("='")
                        .append(v.replace("'", "'\\''"))
                        .append("'\n"));
        return out.toString();
    }

    public void writeTo(Path file) {
        try {
            Files.writeString(file, asExports());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static StackEndpoints readFrom(Path file) {
        Map<String, String> env = new LinkedHashMap<>();
        try {
            List<String> lines = Files.readAllLines(file);
            for (String line : lines) {
                if (line.startsWith("export ")) {
                    String assignment = line.substring("export ".length());
                    int eq = assignment.indexOf('=');
                    String value = assignment.substring(eq + 1);
                    env.put(
                            assignment.substring(0, eq),
                            value.substring(1, value.length() - 1).replace("'\\''", "'"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (is the stack running?)", e);
        }
        return new StackEndpoints(
                env.get("KAFKA_BOOTSTRAP_SERVERS"),
                env.get("REDIS_NODES"),
                env.get("SPRING_DATASOURCE_URL"),
                env.get("SPRING_DATASOURCE_USERNAME"),
                env.get("SPRING_DATASOURCE_PASSWORD"));
    }
}
