package io.relaymq.localinfra.stack;

import java.util.Map;
import java.util.Optional;

/**
 * Servers somebody else runs (a CI with managed services, a developer's own cluster), named by
 * environment variables; each one given replaces the local server of its kind.
 * <ul>
 *   <li>{@code RELAYMQ_EXTERNAL_KAFKA} — bootstrap servers</li>
 *   <li>{@code RELAYMQ_EXTERNAL_REDIS_NODES} — host:port of Redis Cluster nodes, comma separated</li>
 *   <li>{@code RELAYMQ_EXTERNAL_JDBC_URL}, {@code RELAYMQ_EXTERNAL_JDBC_USER},
 *       {@code RELAYMQ_EXTERNAL_JDBC_PASSWORD} — PostgreSQL</li>
 * </ul>
 */
public record ExternalServers(
        Optional<String> kafka,
        Optional<String> redisNodes,
        Optional<String> jdbcUrl,
        String jdbcUser,
        String jdbcPassword) {

    public static ExternalServers none() {
        return fromEnvironment(Map.of());
    }

    public static ExternalServers fromEnvironment(Map<String, String> env) {
        return new ExternalServers(
                value(env, "RELAYMQ_EXTERNAL_KAFKA"),
                value(env, "RELAYMQ_EXTERNAL_REDIS_NODES"),
                value(env, "RELAYMQ_EXTERNAL_JDBC_URL"),
                env.getOrDefault("RELAYMQ_EXTERNAL_JDBC_USER", "relaymq"),
                env.getOrDefault("RELAYMQ_EXTERNAL_JDBC_PASSWORD", "relaymq"));
    }

    public StackSettings applyTo(StackSettings settings) {
        return settings.withComponents(
                settings.kafka() && kafka.isEmpty(),
                settings.redis() && redisNodes.isEmpty(),
                settings.postgres() && jdbcUrl.isEmpty());
    }

    private static Optional<String> value(Map<String, String> env, String name) {
        return Optional.ofNullable(env.get(name)).map(String::trim).filter(v -> !v.isEmpty());
    }
}
