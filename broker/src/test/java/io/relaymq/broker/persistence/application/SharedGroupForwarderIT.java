package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.DeadLetters;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.support.ParkedRecords;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A member's share of an APPLICATION shared subscription, on real Kafka, survives a failure: its {@link ConsumerLoop}
 * joins the group again after a pause and moves every record into the member's own topic. Before, one exception
 * ended the forwarder until the client subscribed again; later, a record it could not decode made it start again
 * every 30 s forever without moving anything after it.
 */
@RelayMqNodeTest
class SharedGroupForwarderIT {

    @Autowired
    KafkaClients clients;

    @Autowired
    ConsumerLoops loops;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    Admin admin;

    @Test
    void aForwarderWhoseStartFailedJoinsAgainAndMovesEveryRecord() throws Exception {
        Member member = member();
        AtomicInteger attempts = new AtomicInteger();
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("it-fwd"))) {
            SharedGroupForwarder forwarder = new SharedGroupForwarder(member.clientId, member.subscription, producer);
            ConsumerLoop loop = loops.create(forwarder.plan(() -> {
                if (attempts.incrementAndGet() == 1) {
                    throw new IllegalStateException("Kafka unavailable (injected)");
                }
                return clients.dataConsumer("it-fwd", member.group, 100, KafkaClients.Start.EARLIEST);
            }));
            forwarder.start(loop);
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> forwarder.restarts() >= 1);
                for (String payload : List.of("a", "b", "c")) {
                    producer.send(new ProducerRecord<>(member.shared, OutboundMessageCodec.encode(message(payload))))
                            .get();
                }
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> payloads(member.own).size() >= 3);
                assertThat(payloads(member.own)).containsExactly("a", "b", "c");
            } finally {
                forwarder.stop();
            }
            await().atMost(Duration.ofSeconds(10)).until(loop::ended);
        }
    }

    @Test
    void aRecordThatCannotBeDecodedIsParkedAndTheRecordsAfterItAreMoved() throws Exception {
        Member member = member();
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("it-fwd"))) {
            // subscribed before the records were written: a new group starts at the time of its SUBSCRIBE
            SharedGroupForwarder forwarder = new SharedGroupForwarder(member.clientId, member.subscription, producer);
            producer.send(new ProducerRecord<>(member.shared, OutboundMessageCodec.encode(message("a"))))
                    .get();
            long poisonOffset = producer.send(new ProducerRecord<>(member.shared, new byte[] {(byte) 0xFF, 1, 2}))
                    .get()
                    .offset();
            producer.send(new ProducerRecord<>(member.shared, OutboundMessageCodec.encode(message("b"))))
                    .get();
            ConsumerLoop loop = loops.create(forwarder.plan(
                    () -> clients.dataConsumer("it-fwd", member.group, 100, KafkaClients.Start.EARLIEST)));
            forwarder.start(loop);
            try {
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> payloads(member.own).size() >= 2);
                assertThat(payloads(member.own)).containsExactly("a", "b");
                ConsumerRecord<byte[], byte[]> parked = parkedFrom(member.shared);
                assertThat(header(parked, DeadLetters.SOURCE_OFFSET)).isEqualTo(Long.toString(poisonOffset));
                assertThat(header(parked, DeadLetters.CONSUMER)).isEqualTo(loop.name());
                assertThat(forwarder.restarts()).isZero();
            } finally {
                forwarder.stop();
            }
        }
    }

    /** A member with its shared topic and own topic created, and a group of its own. */
    private record Member(String clientId, Subscription subscription, String shared, String own, String group) {}

    private Member member() throws Exception {
        String clientId = "it-fwd-" + UUID.randomUUID();
        TopicFilter filter =
                TopicFilter.parse("$share/g/it/fwd/" + UUID.randomUUID()).orElseThrow();
        String shared = AppTopicNames.forSharedFilter(filter.filter());
        String own = AppTopicNames.forClient(clientId);
        admin.createTopics(List.of(new NewTopic(shared, 1, (short) 1), new NewTopic(own, 1, (short) 1)))
                .all()
                .get();
        return new Member(
                clientId,
                new Subscription(clientId, filter, SubscriptionOptions.ofQos(1)),
                shared,
                own,
                "it-fwd-" + UUID.randomUUID());
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
        List<String> out = new ArrayList<>();
        try (Consumer<byte[], byte[]> c = clients.reader("it-fwd-check")) {
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

    private ConsumerRecord<byte[], byte[]> parkedFrom(String sourceTopic) {
        List<ConsumerRecord<byte[], byte[]>> found = ParkedRecords.find(
                clients, kafka.deadLetter().topic(), r -> sourceTopic.equals(header(r, DeadLetters.SOURCE_TOPIC)));
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        return ParkedRecords.header(record, key);
    }
}
