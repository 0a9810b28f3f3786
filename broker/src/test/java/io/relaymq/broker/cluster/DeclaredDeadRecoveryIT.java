package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A node that another node declared dead while it was alive: the session record of a client still
 * connected to it is rewritten as "disconnected" for the same generation, exactly as the dead-node
 * sweeper does. The node closes that connection, and the client reconnects and receives again.
 */
@ExtendWith(LocalStackExtension.class)
class DeclaredDeadRecoveryIT {

    private static final String SESSIONS_TOPIC = "relaymq.client.session";
    private static final String CLIENT = "declared-dead-device";

    private static BrokerProcess node;

    @BeforeAll
    static void startNode(StackEndpoints stack) throws Exception {
        node = BrokerProcess.start("declared-dead-a", stack, Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true"))
                .awaitReady();
    }

    @AfterAll
    static void stopNode() {
        BrokerProcess.closeAll(node);
    }

    @Test
    void aConnectionWhoseSessionAnotherNodeTookBackIsClosedAndTheClientResumes(StackEndpoints stack) throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        AtomicInteger lost = new AtomicInteger();
        MqttClient subscriber = client(CLIENT, received, lost);
        subscriber.subscribe("declared-dead/t", 1);
        AtomicReference<SessionInfo> held = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            byte[] value = ClusterState.latestRecords(stack, SESSIONS_TOPIC).get(CLIENT);
            held.set(value == null ? null : SessionInfo.decode(value));
            return held.get() != null && held.get().connected();
        });
        SessionInfo info = held.get();
        SessionInfo sweptAway = new SessionInfo(
                info.ownerNode(),
                false,
                info.expirySeconds(),
                info.details().withDisconnectedAt(System.currentTimeMillis()),
                info.generation());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                Map.of("bootstrap.servers", stack.kafkaBootstrapServers()),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(
                            SESSIONS_TOPIC, CLIENT.getBytes(StandardCharsets.UTF_8), sweptAway.encode()))
                    .get();
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(lost).hasValue(1));
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            subscriber.reconnect();
            return true;
        });
        await().atMost(Duration.ofSeconds(30)).until(subscriber::isConnected);
        MqttClient publisher = client("declared-dead-publisher", ConcurrentHashMap.newKeySet(), new AtomicInteger());
        publisher.publish("declared-dead/t", "after".getBytes(StandardCharsets.UTF_8), 1, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> received.contains("after"));
        publisher.disconnect();
        subscriber.disconnect();
    }

    private static MqttClient client(String clientId, Set<String> received, AtomicInteger lost) throws Exception {
        MqttClient client = new MqttClient(node.mqtt(), clientId, new MemoryPersistence());
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                lost.incrementAndGet();
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                received.add(new String(message.getPayload(), StandardCharsets.UTF_8));
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {}
        });
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(false);
        options.setAutomaticReconnect(false);
        client.connect(options);
        return client;
    }
}
