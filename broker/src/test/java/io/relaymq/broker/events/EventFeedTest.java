package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The queue in front of Kafka: the caller never waits, what does not fit or is refused is counted, order is kept. */
class EventFeedTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MockProducer<byte[], byte[]> kafka =
            new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
    private EventFeed feed;

    @AfterEach
    void close() {
        if (feed != null) {
            feed.close();
        }
    }

    private static ClientEvent event(String clientId, EventType type) {
        return new ClientEvent(type, clientId, "node-a", 1L, Map.of());
    }

    private double dropped(String reason) {
        var counter = meters.find(Drops.METER).tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void everyDropCounterExistsFromTheStart() {
        new Drops(meters, Clock.systemUTC());
        for (String reason : Drops.REASONS) {
            assertThat(meters.find(Drops.METER).tag("reason", reason).counter())
                    .as(reason)
                    .isNotNull();
        }
    }

    @Test
    void eventsOfAClientGoOutInOrderKeyedByClientId() {
        feed = new EventFeed(100, kafka, "events", null, new Drops(meters, Clock.systemUTC()));
        feed.offer(event("c1", EventType.CONNECTED));
        feed.offer(event("c1", EventType.SUBSCRIBED));
        feed.offer(event("c1", EventType.DISCONNECTED));

        await().atMost(WAIT).until(() -> kafka.history().size() == 3);
        List<ProducerRecord<byte[], byte[]>> sent = kafka.history();
        assertThat(sent).allSatisfy(r -> {
            assertThat(r.topic()).isEqualTo("events");
            assertThat(new String(r.key(), StandardCharsets.UTF_8)).isEqualTo("c1");
        });
        assertThat(sent)
                .extracting(r -> new String(r.value(), StandardCharsets.UTF_8))
                .satisfiesExactly(
                        v -> assertThat(v).contains("\"CONNECTED\""),
                        v -> assertThat(v).contains("\"SUBSCRIBED\""),
                        v -> assertThat(v).contains("\"DISCONNECTED\""));
    }

    @Test
    void aWriteKafkaRefusesIsCounted() {
        feed = new EventFeed(100, kafka, "events", null, new Drops(meters, Clock.systemUTC()));
        feed.offer(event("c1", EventType.CONNECTED));
        await().atMost(WAIT).until(() -> kafka.history().size() == 1);

        kafka.errorNext(new org.apache.kafka.common.errors.TimeoutException("no broker"));

        assertThat(dropped("kafka_refused")).isEqualTo(1);
    }

    @Test
    void aFullQueueDropsWithoutWaitingAndCounts() throws Exception {
        CountDownLatch sending = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<PublishedMessage> published = new CopyOnWriteArrayList<>();
        feed = new EventFeed(
                1,
                kafka,
                "events",
                message -> {
                    sending.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    published.add(message);
                    return CompletableFuture.completedFuture(null);
                },
                new Drops(meters, Clock.systemUTC()));
        feed.offer(event("c1", EventType.CONNECTED));
        assertThat(sending.await(10, TimeUnit.SECONDS)).isTrue();

        // the sender is held: one event fits the queue, the next is dropped at once
        feed.offer(event("c1", EventType.SUBSCRIBED));
        feed.offer(event("c1", EventType.DISCONNECTED));
        assertThat(dropped("queue_full")).isEqualTo(1);

        release.countDown();
        await().atMost(WAIT).until(() -> published.size() == 2);
        assertThat(published)
                .extracting(PublishedMessage::topic)
                .containsExactly("$SYS/relaymq/events/connected/c1", "$SYS/relaymq/events/subscribed/c1");
    }

    @Test
    void aSysTopicMessageIsABrokerMadeJsonMessage() {
        List<PublishedMessage> published = new CopyOnWriteArrayList<>();
        feed = new EventFeed(
                10,
                kafka,
                "events",
                message -> {
                    published.add(message);
                    return CompletableFuture.failedFuture(new IllegalStateException("msg.all unavailable"));
                },
                new Drops(meters, Clock.systemUTC()));
        feed.offer(event("a/b", EventType.SESSION_ENDED));

        await().atMost(WAIT).until(() -> published.size() == 1);
        PublishedMessage message = published.get(0);
        assertThat(message.topic()).isEqualTo("$SYS/relaymq/events/session_ended/a%2Fb");
        assertThat(message.qos()).isZero();
        assertThat(message.retain()).isFalse();
        assertThat(message.publisherId()).isEmpty();
        assertThat(message.properties().contentType()).isEqualTo("application/json");
        assertThat(message.properties().payloadFormat()).isEqualTo(1);
        assertThat(new String(message.payload(), StandardCharsets.UTF_8)).contains("\"clientId\":\"a/b\"");
        await().atMost(WAIT).until(() -> dropped("sys_topic_refused") == 1);
    }
}
