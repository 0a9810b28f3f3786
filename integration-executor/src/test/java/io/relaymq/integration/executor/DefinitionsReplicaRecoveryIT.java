package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The definitions replica survives a consumer that fails: its first consumer points at a port where no Kafka
 * listens, so its first call times out; the replica logs it, backs off and reads on with a new consumer.
 */
@ExtendWith(LocalStackExtension.class)
class DefinitionsReplicaRecoveryIT {

    static ExecutorFixture fixture;

    @BeforeAll
    static void start(StackEndpoints stack) {
        fixture = new ExecutorFixture(stack);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static Consumer<byte[], byte[]> unreachable() {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1",
                        ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 500,
                        ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 500),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    @Test
    void aReplicaWhoseFirstConsumerFailsReadsOnWithANewOne() {
        UUID id = UUID.randomUUID();
        fixture.define(
                id, "survivor", IntegrationType.HTTP, true, fixture.mapper().createObjectNode(), 1);
        ExecutorClients real = new ExecutorClients(fixture.properties("replica-recovery"));
        AtomicInteger made = new AtomicInteger();

        try (DefinitionsReplica replica = new DefinitionsReplica(
                () -> made.getAndIncrement() == 0 ? unreachable() : real.definitionsConsumer(),
                fixture.topics().definitions(),
                new IntegrationRecords(fixture.mapper()),
                100,
                () -> {},
                new Backoff(Duration.ofMillis(50), Duration.ofMillis(200)))) {
            replica.start();

            await().atMost(Duration.ofSeconds(30)).until(() -> replica.get(id).isPresent());
            assertThat(made.get()).isEqualTo(2);
            assertThat(replica.catchUp(Duration.ofSeconds(10))).isTrue();
        }
    }
}
