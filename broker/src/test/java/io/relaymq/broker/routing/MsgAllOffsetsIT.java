package io.relaymq.broker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A partition of {@code relaymq.msg.all} on which the routers' group has never committed is read from its
 * first record (issue "Zero loss", window 3). Before, the group started such a partition at its end
 * ({@code auto.offset.reset=latest}), so what was produced there before the group was assigned it (a
 * partition added while the routers were away, a new group, expired offsets) was never routed.
 */
@RelayMqNodeTest
class MsgAllOffsetsIT {

    @Autowired
    MsgAllConsumer routers;

    @Autowired
    Admin admin;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    KafkaClients kafkaClients;

    @Autowired
    MqttServer mqtt;

    private final PahoClients clients = new PahoClients();

    @AfterEach
    void restore() {
        if (!routers.isRunning()) {
            routers.start();
        }
        clients.closeAll();
    }

    @Test
    void aMessageOnAPartitionAddedWhileTheRoutersWereAwayIsRouted() throws Exception {
        String topic = "offsets/added-partition/" + UUID.randomUUID();
        List<String> received = new CopyOnWriteArrayList<>();
        MqttClient subscriber = clients.add(
                new MqttClient(Endpoints.tcp(mqtt), "offsets-" + UUID.randomUUID(), new MemoryPersistence()));
        subscriber.connect();
        subscriber.subscribe(
                topic, 1, (t, message) -> received.add(new String(message.getPayload(), StandardCharsets.UTF_8)));

        String msgAll = kafka.msgAll().topic();
        routers.stop();
        int partitions = admin.describeTopics(List.of(msgAll))
                .allTopicNames()
                .get()
                .get(msgAll)
                .partitions()
                .size();
        admin.createPartitions(Map.of(msgAll, NewPartitions.increaseTo(partitions + 1)))
                .all()
                .get();
        try (Producer<byte[], byte[]> producer =
                kafkaClients.producer(KafkaClients.ProducerSpec.reliable("it-offsets"))) {
            PublishedMessage message = new PublishedMessage(
                    topic,
                    1,
                    false,
                    "before-assignment".getBytes(StandardCharsets.UTF_8),
                    "it-publisher",
                    System.currentTimeMillis(),
                    MessageProperties.NONE);
            producer.send(new ProducerRecord<>(
                            msgAll,
                            partitions,
                            topic.getBytes(StandardCharsets.UTF_8),
                            PublishedMessageCodec.encode(message)))
                    .get();
        }
        routers.start();

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(received).containsExactly("before-assignment"));
    }
}
