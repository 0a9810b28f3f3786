package io.relaymq.broker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.cluster.ClientSubscriptions;
import io.relaymq.broker.cluster.Downlink;
import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.cluster.RemoteSubscriptions;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.persistence.device.PersistedProducer;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * A msg.all batch is committed only when every write its routing started reached Kafka (issue "Zero loss",
 * window 4): before, a clean-session message for a client of another node was handed to that node's
 * downlink producer without waiting, and the batch was committed even when the write then failed.
 */
class PendingWritesTest {

    private final MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());
    private final RemoteSubscriptions remote = new RemoteSubscriptions();
    private final PersistedProducer persisted = new PersistedProducer("persisted", producer(false), metrics);
    private IntegrationSink integrations = IntegrationSink.NONE;

    PendingWritesTest() {
        Subscription subscription = new Subscription(
                "far-client", TopicFilter.parse("sensors/#").orElseThrow(), SubscriptionOptions.ofQos(1));
        remote.apply("far-client", ClientSubscriptions.of("node-b", List.of(subscription)), "node-a", id -> false);
    }

    @Test
    void aBatchWhoseDeliveryToAnotherNodeFailsIsRoutedAgain() {
        MockProducer<byte[], byte[]> downlinkKafka = producer(true);
        RemoteDelivery downlink = new Downlink("downlink.", downlinkKafka, metrics).remoteDelivery();
        PendingWrites writes = new PendingWrites(persisted, downlink, IntegrationSink.NONE);
        Router router = routerThrough(downlink);

        assertThatThrownBy(() -> writes.route(() -> router.route(message("sensors/1"))))
                .isInstanceOf(ConsumerLoop.RetryBatch.class)
                .hasMessageContaining("clients of other nodes");
    }

    @Test
    void aBatchWhoseDeliveriesReachedKafkaMayBeCommitted() {
        MockProducer<byte[], byte[]> downlinkKafka = producer(false);
        RemoteDelivery downlink = new Downlink("downlink.", downlinkKafka, metrics).remoteDelivery();
        PendingWrites writes = new PendingWrites(persisted, downlink, IntegrationSink.NONE);
        Router router = routerThrough(downlink);

        writes.route(() -> router.route(message("sensors/1")));

        assertThat(downlinkKafka.history())
                .singleElement()
                .satisfies(record -> assertThat(record.topic()).isEqualTo("downlink.node-b"));
    }

    @Test
    void aBatchWhoseMessageForAnIntegrationFailsIsRoutedAgain() {
        RemoteDelivery downlink = new Downlink("downlink.", producer(false), metrics).remoteDelivery();
        AtomicLong integrationFailures = new AtomicLong();
        integrations = new IntegrationSink() {
            @Override
            public void offer(PublishedMessage message) {
                integrationFailures.incrementAndGet();
            }

            @Override
            public long failures() {
                return integrationFailures.get();
            }
        };
        PendingWrites writes = new PendingWrites(persisted, downlink, integrations);
        Router router = routerThrough(downlink);

        assertThatThrownBy(() -> writes.route(() -> router.route(message("sensors/1"))))
                .isInstanceOf(ConsumerLoop.RetryBatch.class)
                .hasMessageContaining("integrations");
    }

    private Router routerThrough(RemoteDelivery downlink) {
        return new Router(
                new SubscriptionTrie(),
                remote,
                new SessionRegistry(),
                message -> {},
                new SharedSubscriptionPicker(),
                downlink,
                client -> Optional.empty(),
                persisted,
                integrations,
                metrics,
                Clock.systemUTC());
    }

    private static PublishedMessage message(String topic) {
        return new PublishedMessage(
                topic, 1, false, new byte[] {1}, "publisher", System.currentTimeMillis(), MessageProperties.NONE);
    }

    /** Writes complete on flush, successfully or, when {@code failing}, with a Kafka timeout. */
    private static MockProducer<byte[], byte[]> producer(boolean failing) {
        return new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer()) {
            @Override
            public synchronized void flush() {
                if (failing) {
                    while (errorNext(new TimeoutException("partition leader unreachable"))) {
                        // every pending write fails
                    }
                }
                super.flush();
            }
        };
    }
}
