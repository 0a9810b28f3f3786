package io.relaymq.integration.executor;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.relaymq.integration.model.IntegrationType;
import java.time.Duration;
import java.util.UUID;

/**
 * The executor's meters, tagged by {@code integration} (the id) and {@code type}:
 * {@code relaymq.integration.delivered}, {@code relaymq.integration.retries},
 * {@code relaymq.integration.dead.lettered}, {@code relaymq.integration.skipped} (counters) and
 * {@code relaymq.integration.delivery.latency} (a timer from routing to the target's acceptance).
 */
public final class ExecutorMetrics {

    private final MeterRegistry registry;

    public ExecutorMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void delivered(UUID id, IntegrationType type, Duration latency) {
        counter("relaymq.integration.delivered", id, type).increment();
        Timer.builder("relaymq.integration.delivery.latency")
                .description("from routing to the target's acceptance")
                .tags(tags(id, type))
                .register(registry)
                .record(latency.isNegative() ? Duration.ZERO : latency);
    }

    void retried(UUID id, IntegrationType type) {
        counter("relaymq.integration.retries", id, type).increment();
    }

    void deadLettered(UUID id, IntegrationType type) {
        counter("relaymq.integration.dead.lettered", id, type).increment();
    }

    void skipped(UUID id, IntegrationType type) {
        counter("relaymq.integration.skipped", id, type).increment();
    }

    private Counter counter(String name, UUID id, IntegrationType type) {
        return Counter.builder(name).tags(tags(id, type)).register(registry);
    }

    private static Tags tags(UUID id, IntegrationType type) {
        return Tags.of("integration", id == null ? "none" : id.toString(), "type", type == null ? "none" : type.name());
    }
}
