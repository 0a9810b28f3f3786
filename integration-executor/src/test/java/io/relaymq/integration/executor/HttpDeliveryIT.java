package io.relaymq.integration.executor;

import static io.relaymq.integration.executor.ExecutorFixture.header;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.http.HttpTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.node.ObjectNode;

/** The executor delivering to a real HTTP endpoint through real Kafka: order, retries, dead letters. */
@ExtendWith(LocalStackExtension.class)
class HttpDeliveryIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    static ExecutorFixture fixture;
    static HttpEndpoint endpoint;
    static IntegrationExecutor executor;

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        fixture = new ExecutorFixture(stack);
        endpoint = new HttpEndpoint();
        executor = fixture.start("it-http", List.of(new HttpTargetFactory(new MessageJson(fixture.mapper()))));
    }

    @AfterAll
    static void stop() {
        fixture.close();
        endpoint.close();
    }

    /** An enabled HTTP integration posting to {@code path}, retrying up to {@code attempts} times fast. */
    private static UUID hook(String path, int attempts, int backoffMs) {
        UUID id = UUID.randomUUID();
        ObjectNode config = fixture.mapper().createObjectNode().put("url", endpoint.url(path));
        config.putObject("retry")
                .put("maxAttempts", attempts)
                .put("initialBackoffMs", backoffMs)
                .put("maxBackoffMs", backoffMs * 4);
        fixture.define(id, "hook" + path, IntegrationType.HTTP, true, config, 1);
        return id;
    }

    private static List<String> numbers(int count) {
        return IntStream.range(0, count).mapToObj(Integer::toString).toList();
    }

    private static List<ConsumerRecord<byte[], byte[]>> deadLettersOf(UUID id) {
        return fixture.deadLetters().stream()
                .filter(r -> new String(r.key(), StandardCharsets.UTF_8).equals(id.toString()))
                .toList();
    }

    @Test
    void threeHundredMessagesArriveInOrder() {
        UUID id = hook("/ordered", 5, 50);
        numbers(300).forEach(n -> fixture.route(id, "sensors/1", n));

        await().atMost(WAIT).until(() -> endpoint.accepted("/ordered").size() >= 300);
        assertThat(endpoint.accepted("/ordered")).containsExactlyElementsOf(numbers(300));
    }

    @Test
    void aFailingIntegrationDoesNotHoldUpAnother() {
        UUID stuck = hook("/stuck", 100, 2_000);
        UUID fine = hook("/fine", 5, 50);
        endpoint.answer("/stuck", n -> 503);
        for (String n : numbers(50)) {
            fixture.route(stuck, "a", n);
            fixture.route(fine, "b", n);
        }

        await().atMost(WAIT).until(() -> endpoint.accepted("/fine").size() >= 50);
        assertThat(endpoint.accepted("/fine")).containsExactlyElementsOf(numbers(50));
        assertThat(endpoint.accepted("/stuck")).isEmpty();
        assertThat(endpoint.requests("/stuck")).isPositive();
        fixture.remove(stuck);
    }

    @Test
    void failuresThatPassAreRetriedAndOrderIsKept() {
        UUID id = hook("/flaky", 5, 20);
        endpoint.answer("/flaky", n -> n <= 3 ? 500 : 200);
        numbers(10).forEach(n -> fixture.route(id, "a", n));

        await().atMost(WAIT).until(() -> endpoint.accepted("/flaky").size() >= 10);
        assertThat(endpoint.accepted("/flaky")).containsExactlyElementsOf(numbers(10));
        assertThat(endpoint.requests("/flaky")).isEqualTo(13);
        assertThat(executor.board().status(id).orElseThrow().retried()).isEqualTo(3);
        assertThat(deadLettersOf(id)).isEmpty();
    }

    @Test
    void aMessageThatKeepsFailingIsDeadLetteredAfterMaxAttempts() {
        UUID id = hook("/down", 3, 10);
        endpoint.answer("/down", n -> 500);
        fixture.route(id, "a", "lost-1");
        fixture.route(id, "a", "lost-2");

        await().atMost(WAIT).until(() -> deadLettersOf(id).size() >= 2);
        List<ConsumerRecord<byte[], byte[]>> dead = deadLettersOf(id);
        assertThat(dead).hasSize(2);
        assertThat(dead).extracting(r -> payloadOf(r)).containsExactly("lost-1", "lost-2");
        ConsumerRecord<byte[], byte[]> first = dead.get(0);
        assertThat(header(first, DeadLetters.ATTEMPTS)).isEqualTo("3");
        assertThat(header(first, DeadLetters.ERROR)).startsWith("HTTP 500");
        assertThat(header(first, DeadLetters.INTEGRATION_NAME)).isEqualTo("hook/down");
        assertThat(header(first, DeadLetters.INTEGRATION_TYPE)).isEqualTo("HTTP");
        assertThat(Long.parseLong(header(first, DeadLetters.FAILED_AT))).isPositive();
        assertThat(header(first, DeadLetters.SOURCE))
                .startsWith(fixture.topics().messages() + "-");
        assertThat(endpoint.requests("/down")).isEqualTo(6);
    }

    @Test
    void aRefusedMessageIsDeadLetteredAtOnceAndTheNextIsDelivered() {
        UUID id = hook("/picky", 5, 10);
        endpoint.answer("/picky", n -> n == 1 ? 400 : 200);
        fixture.route(id, "a", "refused");
        fixture.route(id, "a", "taken");

        await().atMost(WAIT).until(() -> endpoint.accepted("/picky").size() >= 1);
        assertThat(endpoint.accepted("/picky")).containsExactly("taken");
        await().atMost(WAIT).until(() -> deadLettersOf(id).size() >= 1);
        ConsumerRecord<byte[], byte[]> dead = deadLettersOf(id).get(0);
        assertThat(payloadOf(dead)).isEqualTo("refused");
        assertThat(header(dead, DeadLetters.ATTEMPTS)).isEqualTo("1");
        assertThat(header(dead, DeadLetters.ERROR)).startsWith("HTTP 400");
        assertThat(endpoint.requests("/picky")).isEqualTo(2);
    }

    @Test
    void aPoisonRecordIsDeadLetteredAndTheMessagesAfterItAreDelivered() {
        UUID id = hook("/after-poison", 5, 10);
        byte[] garbage = {1, 2, 3};
        fixture.route(id, "a", "before");
        fixture.routeRaw(IntegrationRecords.key(id), garbage);
        fixture.routeRaw("not-an-id".getBytes(StandardCharsets.UTF_8), new byte[64]);
        fixture.route(id, "a", "after-1");
        fixture.route(id, "a", "after-2");

        await().atMost(WAIT).until(() -> endpoint.accepted("/after-poison").size() >= 3);
        assertThat(endpoint.accepted("/after-poison")).containsExactly("before", "after-1", "after-2");
        await().atMost(WAIT).until(() -> deadLettersOf(id).size() >= 1);
        ConsumerRecord<byte[], byte[]> dead = deadLettersOf(id).get(0);
        assertThat(dead.value()).isEqualTo(garbage);
        assertThat(header(dead, DeadLetters.ERROR)).startsWith("cannot read the record");
        assertThat(header(dead, DeadLetters.ATTEMPTS)).isEqualTo("0");
        await().atMost(WAIT)
                .until(() -> fixture.deadLetters().stream()
                        .anyMatch(r -> new String(r.key(), StandardCharsets.UTF_8).equals("not-an-id")));
    }

    private static String payloadOf(ConsumerRecord<byte[], byte[]> record) {
        return new String(
                IntegrationRecords.message(record.key(), record.value())
                        .message()
                        .payload(),
                StandardCharsets.UTF_8);
    }
}
