package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A member's share of an APPLICATION shared subscription, on real Kafka, survives a failure: it joins the
 * group again after a pause and moves every record into the member's own topic. Before, one exception ended
 * the forwarder until the client subscribed again.
 */
@RelayMqNodeTest
class SharedGroupForwarderIT {

    @Autowired
    KafkaClientConfigs configs;

    @Autowired
    Admin admin;

    @Test
    void aForwarderWhoseStartFailedJoinsAgainAndMovesEveryRecord() throws Exception {
        String clientId = "it-fwd-" + UUID.randomUUID();
        TopicFilter filter =
                TopicFilter.parse("$share/g/it/fwd/" + UUID.randomUUID()).orElseThrow();
        String shared = AppTopicNames.forSharedFilter(filter.filter());
        String own = AppTopicNames.forClient(clientId);
        admin.createTopics(List.of(new NewTopic(shared, 1, (short) 1), new NewTopic(own, 1, (short) 1)))
                .all()
                .get();
        AtomicInteger attempts = new AtomicInteger();
        Runnable ensureTopic = () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("Kafka unavailable (injected)");
            }
        };
        Map<String, Object> config = configs.dataConsumer("it-fwd", "it-fwd-" + UUID.randomUUID(), 100);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(configs.producer("it-fwd", "all", 0, 16384))) {
            SharedGroupForwarder forwarder = new SharedGroupForwarder(
                    clientId,
                    new Subscription(clientId, filter, SubscriptionOptions.ofQos(1)),
                    config,
                    producer,
                    ensureTopic);
            Thread thread = new Thread(forwarder, "it-fwd");
            thread.start();
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> forwarder.restarts() >= 1);
                for (String payload : List.of("a", "b", "c")) {
                    producer.send(new ProducerRecord<>(shared, OutboundMessageCodec.encode(message(payload))))
                            .get();
                }
                await().atMost(Duration.ofSeconds(30)).until(() -> payloads(own).size() >= 3);
                assertThat(payloads(own)).containsExactly("a", "b", "c");
            } finally {
                forwarder.stop();
                thread.join(10_000);
            }
            assertThat(thread.isAlive()).as("stopped").isFalse();
        }
    }

    private static OutboundMessage message(String payload) {
        PublishedMessage m = new PublishedMessage(
                "it/fwd",
                1,
                false,
                payload.getBytes(StandardCharsets.UTF_8),
                "pub",
                System.currentTimeMillis(),
                MessageProperties.NONE);
        return new OutboundMessage(m, 1, false, List.of());
    }

    private List<String> payloads(String topic) {
        Map<String, Object> config = configs.stateReader("it-fwd-check");
        List<String> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(config)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long end = c.endOffsets(List.of(tp)).get(tp);
            while (c.position(tp) < end) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
                    out.add(new String(
                            OutboundMessageCodec.decode(r.value()).message().payload(), StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }
}
