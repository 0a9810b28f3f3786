package io.relaymq.broker.retain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.RelayMqBrokerApplication;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.node.NodeId;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** Retained messages are cluster state on a compacted topic: a node that starts later sees them. */
@RelayMqNodeTest
class RetainedReplicaIT {

    @Autowired
    MqttServer server;

    @Autowired
    KafkaProperties kafka;

    @Autowired
    KafkaClients clients;

    @Autowired
    Admin admin;

    @Autowired
    NodeProperties node;

    @Autowired
    ConsumerLoops loops;

    @Autowired
    StateWrites writes;

    /** What a node starting now would know about retained messages. */
    private RetainedMessages lateJoinerView() {
        RetainedMessages view = new RetainedMessages();
        RetainedReplica replica = new RetainedReplica(
                view, kafka, clients, loops, admin, new NodeId("late-" + UUID.randomUUID()), node, writes);
        replica.start();
        replica.stop();
        replica.destroy();
        return view;
    }

    @Test
    void aNodeStartingLaterSeesRetainedMessagesAndTheirRemoval() throws Exception {
        String topic = "retained/it/" + UUID.randomUUID();
        MqttClient publisher =
                new MqttClient(Endpoints.tcp(server), "retainer-" + UUID.randomUUID(), new MemoryPersistence());
        publisher.connect();
        publisher.publish(topic, "kept".getBytes(StandardCharsets.UTF_8), 1, true);

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(lateJoinerView().get(topic)).hasValueSatisfying(m -> {
                    assertThat(new String(m.payload(), StandardCharsets.UTF_8)).isEqualTo("kept");
                    assertThat(m.retain()).isTrue();
                }));

        publisher.publish(topic, new byte[0], 1, true);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(lateJoinerView().get(topic)).isEmpty());
        publisher.disconnect();
    }

    @Test
    void aNodeRefusesToStartOnAMisconfiguredStateTopic(StackEndpoints stack) throws Exception {
        String badTopic = "it.bad.retained." + UUID.randomUUID();
        admin.createTopics(List.of(new NewTopic(badTopic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
        Map<String, Object> props = Map.of(
                "RELAYMQ_KAFKA_RETAINED_TOPIC",
                badTopic,
                "RELAYMQ_KAFKA_MSG_ALL_TOPIC",
                "it.bad.msg.all." + UUID.randomUUID(),
                "RELAYMQ_NODE_ID",
                "misconfigured",
                "HTTP_BIND_PORT",
                "0",
                "LISTENER_TCP_BIND_PORT",
                "0",
                "LISTENER_WS_BIND_PORT",
                "0",
                "LISTENER_SSL_ENABLED",
                "false",
                "LISTENER_WSS_ENABLED",
                "false");
        assertThatThrownBy(() -> new SpringApplicationBuilder(RelayMqBrokerApplication.class)
                        .properties(props)
                        .run())
                .rootCause()
                .hasMessageContaining(badTopic)
                .hasMessageContaining("must have exactly 1");
        assertThat(stack.kafkaBootstrapServers()).isNotBlank();
    }
}
