package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * State-topic updates are sent again until Kafka acknowledges them, newest value per key first. Retries
 * are scheduled an hour ahead here and run by hand, so each step is deterministic.
 */
class StateTopicWriterTest {

    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
    private final ScheduledThreadPoolExecutor retries = new ScheduledThreadPoolExecutor(1);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Counter failures = meters.counter("relaymq.kafka.state.write.failures", "topic", "t");
    private final StateTopicWriter writer =
            new StateTopicWriter("t", producer, retries, Duration.ofHours(1), Duration.ofHours(2), failures);

    @AfterEach
    void stop() {
        retries.shutdownNow();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private List<String> sentValues() {
        return producer.history().stream()
                .map(ProducerRecord::value)
                .map(v -> v == null ? "<tombstone>" : new String(v, StandardCharsets.UTF_8))
                .toList();
    }

    private void runDueRetries() {
        for (Runnable due : List.copyOf(retries.getQueue())) {
            retries.getQueue().remove(due);
            due.run();
        }
    }

    @Test
    void aFailedUpdateIsSentAgainUntilKafkaAcknowledgesIt() {
        writer.write("k", bytes("v1"), List.of());
        producer.errorNext(new TimeoutException("broker away"));
        assertThat(failures.count()).isEqualTo(1);
        assertThat(writer.pending()).isEqualTo(1);
        runDueRetries();
        producer.errorNext(new TimeoutException("still away"));
        runDueRetries();
        producer.completeNext();

        assertThat(sentValues()).containsExactly("v1", "v1", "v1");
        assertThat(writer.pending()).isZero();
        assertThat(failures.count()).isEqualTo(2);
        assertThat(retries.getQueue()).isEmpty();
    }

    @Test
    void aFailedOlderValueIsNotSentAgainOnceANewerOneWasWritten() {
        writer.write("k", bytes("old"), List.of());
        writer.write("k", bytes("new"), List.of());
        producer.errorNext(new TimeoutException("old lost"));
        assertThat(retries.getQueue())
                .as("nothing to retry: a newer value is on its way")
                .isEmpty();
        producer.errorNext(new TimeoutException("new lost"));
        runDueRetries();
        producer.completeNext();

        assertThat(sentValues()).containsExactly("old", "new", "new");
        assertThat(writer.pending()).isZero();
    }

    @Test
    void aRetryDueAfterANewerValueWasWrittenSendsNothing() {
        writer.write("k", bytes("old"), List.of());
        producer.errorNext(new TimeoutException("old lost"));
        writer.write("k", bytes("new"), List.of());
        runDueRetries();
        producer.completeNext();

        assertThat(sentValues()).containsExactly("old", "new");
        assertThat(writer.pending()).isZero();
    }

    @Test
    void otherKeysAreRetriedIndependentlyAndTombstonesToo() {
        writer.write("a", null, List.of());
        writer.write("b", bytes("b1"), List.of());
        producer.errorNext(new TimeoutException("a lost"));
        producer.completeNext();
        runDueRetries();
        producer.completeNext();

        assertThat(sentValues()).containsExactly("<tombstone>", "b1", "<tombstone>");
        assertThat(writer.pending()).isZero();
    }

    @Test
    void flushWaitsABoundedTimeAndReportsWhatIsLeft() {
        writer.write("k", bytes("v"), List.of());
        assertThat(writer.flush(Duration.ofMillis(50))).isEqualTo(1);
        producer.completeNext();
        assertThat(writer.flush(Duration.ofMillis(50))).isZero();
    }

    @Test
    void afterCloseNothingIsRetried() {
        writer.write("k", bytes("v"), List.of());
        writer.close();
        producer.errorNext(new TimeoutException("lost at shutdown"));
        assertThat(retries.getQueue()).isEmpty();
    }

    @Test
    void aRestatementWaitsForNoPendingUpdate() {
        writer.write("k", bytes("mine"), List.of());
        assertThat(writer.writeIfIdle("k", bytes("restated"), List.of())).isFalse();
        producer.completeNext();
        assertThat(writer.writeIfIdle("k", bytes("restated"), List.of())).isTrue();
        assertThat(sentValues()).containsExactly("mine", "restated");
    }

    @Test
    void pausesDoubleUpToTheCap() {
        StateTopicWriter w =
                new StateTopicWriter("t", producer, retries, Duration.ofMillis(200), Duration.ofSeconds(1), failures);
        assertThat(w.pause(1)).isEqualTo(200);
        assertThat(w.pause(2)).isEqualTo(400);
        assertThat(w.pause(3)).isEqualTo(800);
        assertThat(w.pause(4)).isEqualTo(1000);
        assertThat(w.pause(60)).isEqualTo(1000);
    }

    @Test
    void aValueKafkaNeverTakesIsNotRetriedAndFreesItsKey() {
        writer.write("k", bytes("huge"), List.of());
        producer.errorNext(new RecordTooLargeException("over max.request.size"));
        assertThat(failures.count()).isEqualTo(1);
        assertThat(writer.pending()).as("given up").isZero();
        assertThat(retries.getQueue()).as("no retry scheduled").isEmpty();
        assertThat(writer.writeIfIdle("k", bytes("small"), List.of())).isTrue();
        producer.completeNext();
        assertThat(sentValues()).containsExactly("huge", "small");
        assertThat(writer.pending()).isZero();
    }
}
