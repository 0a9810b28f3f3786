package io.relaymq.integration.executor;

import static io.relaymq.integration.executor.ExecutorFixture.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.TargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Through real Kafka: a target that fails with an unexpected exception is retried with the integration's
 * settings and then dead-lettered, and a message for an integration the executor does not know is skipped.
 */
@ExtendWith(LocalStackExtension.class)
class TargetFaultIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger sends = new AtomicInteger();

    static ExecutorFixture fixture;
    static IntegrationExecutor executor;

    /** A target that throws an IllegalStateException on every send. */
    private static final class Broken implements TargetFactory {
        @Override
        public IntegrationType type() {
            return IntegrationType.KAFKA;
        }

        @Override
        public List<String> validate(JsonNode configuration) {
            return List.of();
        }

        @Override
        public Target open(IntegrationDefinition definition) {
            return new Target() {
                @Override
                public void send(IntegrationMessage message) {
                    sends.incrementAndGet();
                    throw new IllegalStateException("a bug in the target");
                }

                @Override
                public void close() {}
            };
        }
    }

    @BeforeAll
    static void start(StackEndpoints stack) {
        fixture = new ExecutorFixture(stack);
        executor = fixture.start("it-fault", List.of(new Broken()));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void anUnexpectedTargetFailureIsRetriedThenDeadLettered() {
        UUID id = UUID.randomUUID();
        ObjectNode config = fixture.mapper().createObjectNode();
        config.putObject("retry")
                .put("maxAttempts", 3)
                .put("initialBackoffMs", 10)
                .put("maxBackoffMs", 40);
        fixture.define(id, "broken", IntegrationType.KAFKA, true, config, 1);
        fixture.route(id, "a", "doomed");

        await().atMost(WAIT).until(() -> deadLettersOf(id).size() >= 1);
        ConsumerRecord<byte[], byte[]> dead = deadLettersOf(id).get(0);
        assertThat(header(dead, DeadLetters.ATTEMPTS)).isEqualTo("3");
        assertThat(header(dead, DeadLetters.ERROR)).contains("a bug in the target");
        assertThat(executor.board().status(id).orElseThrow().retried()).isEqualTo(2);
        assertThat(sends.get()).isEqualTo(3);
    }

    @Test
    void aMessageForAnUnknownIntegrationIsSkippedAndCounted() {
        UUID unknown = UUID.randomUUID();
        fixture.route(unknown, "a", "nobody");

        await().atMost(WAIT)
                .until(() -> fixture.meters("it-fault")
                                .counter(
                                        "relaymq.integration.skipped",
                                        "integration",
                                        unknown.toString(),
                                        "type",
                                        "none")
                                .count()
                        == 1.0);
        assertThat(deadLettersOf(unknown)).isEmpty();
    }

    private static List<ConsumerRecord<byte[], byte[]>> deadLettersOf(UUID id) {
        return fixture.deadLetters().stream()
                .filter(r -> new String(r.key(), StandardCharsets.UTF_8).equals(id.toString()))
                .toList();
    }
}
