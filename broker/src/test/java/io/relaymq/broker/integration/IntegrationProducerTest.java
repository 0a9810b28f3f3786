package io.relaymq.broker.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationRecords;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * What the router's integration sink does with Kafka's answers (review finding: a record Kafka refuses for its
 * size failed the msg.all poll every time, so one publisher could stall a partition for the whole cluster).
 */
class IntegrationProducerTest {

    private final UUID a = UUID.randomUUID();
    private final UUID b = UUID.randomUUID();
    private final MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());

    @Test
    void oneRecordPerMatchingIntegrationKeyedByItsId() {
        MockProducer<byte[], byte[]> kafka = producer();
        IntegrationProducer sink = sink(kafka, topic -> topic.startsWith("a/") ? Set.of(a, b) : Set.of());

        sink.offer(message("a/1"));
        sink.offer(message("other"));

        assertThat(kafka.history()).hasSize(2);
        assertThat(kafka.history().stream()
                        .map(r -> IntegrationRecords.id(r.key()))
                        .toList())
                .containsExactlyInAnyOrder(a, b);
        assertThat(kafka.history().get(0).topic()).isEqualTo("relaymq.integration.msg");
    }

    @Test
    void aWriteThatMaySucceedLaterFailsThePoll() {
        MockProducer<byte[], byte[]> kafka = producer();
        IntegrationProducer sink = sink(kafka, topic -> Set.of(a));

        sink.offer(message("a/1"));
        kafka.errorNext(new TimeoutException("no leader"));

        assertThat(sink.failures()).isEqualTo(1);
    }

    @Test
    void aRecordKafkaRefusesForItsSizeIsDroppedForTheIntegrationNotRetriedForever() {
        MockProducer<byte[], byte[]> kafka = producer();
        IntegrationProducer sink = sink(kafka, topic -> Set.of(a));

        sink.offer(message("a/1"));
        kafka.errorNext(new RecordTooLargeException("too large"));

        assertThat(sink.failures()).as("the poll is not routed again").isZero();
    }

    private IntegrationProducer sink(MockProducer<byte[], byte[]> kafka, Function<String, Set<UUID>> m) {
        return new IntegrationProducer(m, kafka, "relaymq.integration.msg", metrics, Clock.systemUTC());
    }

    private static MockProducer<byte[], byte[]> producer() {
        return new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static PublishedMessage message(String topic) {
        return new PublishedMessage(
                topic, 1, false, "x".getBytes(StandardCharsets.UTF_8), "dev", 1L, MessageProperties.NONE);
    }
}
