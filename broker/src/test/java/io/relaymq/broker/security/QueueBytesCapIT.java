package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding 7 (queues counted in messages, not bytes): one slow persistent DEVICE client with big payloads
 * could make Redis keep up to the message limit (10,000) of them - about 10 GiB at 1 MiB each. With
 * MQTT_MAX_QUEUED_BYTES_PER_CLIENT the store keeps at most that many bytes per client and drops the
 * oldest beyond it, as it does at the message limit.
 */
@ExtendWith(LocalStackExtension.class)
class QueueBytesCapIT {

    private static final int CAP = 1 << 20;
    private static final int BIG = 200_000;
    private static final int MESSAGES = 20;

    private static BrokerProcess node;
    private static RedisClusterClient redis;
    private final PahoClients clients = new PahoClients();

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        node = IsolatedNode.start("qbytes", stack, Map.of("MQTT_MAX_QUEUED_BYTES_PER_CLIENT", Integer.toString(CAP)));
        redis = RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                .map(a -> RedisURI.create("redis://" + a))
                .toList());
    }

    @AfterAll
    static void stop() {
        BrokerProcess.closeAll(node);
        if (redis != null) {
            redis.shutdown();
        }
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    /** The labels ("big-7", "end") of the messages a subscriber receives, in order. */
    private static final class Labels implements MqttCallback {
        final List<String> received = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void connectionLost(Throwable cause) {}

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            byte[] payload = message.getPayload();
            int end = 0;
            while (end < payload.length && payload[end] != 0) {
                end++;
            }
            received.add(new String(payload, 0, end, StandardCharsets.US_ASCII));
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }

    private MqttClient persistent(String clientId, Labels labels) throws Exception {
        MqttClient client = clients.add(new MqttClient(node.mqtt(), clientId, new MemoryPersistence()));
        client.setCallback(labels);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(false);
        client.connect(options);
        return client;
    }

    private static byte[] payload(String label, int size) {
        byte[] payload = new byte[size];
        byte[] text = label.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, payload, 0, text.length);
        return payload;
    }

    /** Whether the newest message Redis stores for the client is the small end marker. */
    private static boolean endMarkerStored(String clientId) {
        try (StatefulRedisClusterConnection<byte[], byte[]> connection = redis.connect(ByteArrayCodec.INSTANCE)) {
            String tag = "{" + clientId + "}";
            List<byte[]> newest =
                    connection.sync().zrevrange((tag + "_messages").getBytes(StandardCharsets.UTF_8), 0, 0);
            if (newest.isEmpty()) {
                return false;
            }
            byte[] value = connection
                    .sync()
                    .get((tag + "_messages_" + new String(newest.get(0), StandardCharsets.US_ASCII))
                            .getBytes(StandardCharsets.UTF_8));
            return value != null && value.length < 1000;
        }
    }

    @Test
    void anOfflinePersistentClientHoldsNoMoreThanTheByteCapAndKeepsTheNewest() throws Exception {
        String clientId = "slow-" + UUID.randomUUID().toString().substring(0, 8);
        String topic = "qbytes/" + clientId;
        Labels labels = new Labels();
        MqttClient subscriber = persistent(clientId, labels);
        subscriber.subscribe(topic, 1);
        subscriber.disconnect();

        MqttClient publisher = clients.add(new MqttClient(node.mqtt(), "pub-" + clientId, new MemoryPersistence()));
        publisher.connect();
        for (int i = 0; i < MESSAGES; i++) {
            publisher.publish(topic, payload("big-" + i, BIG), 1, false);
        }
        publisher.publish(topic, payload("end", 10), 1, false);
        await().atMost(Duration.ofSeconds(60)).until(() -> endMarkerStored(clientId));

        persistent(clientId, labels);
        await().atMost(Duration.ofSeconds(30)).until(() -> labels.received.contains("end"));

        int kept = CAP / BIG;
        List<String> expected = new ArrayList<>();
        for (int i = MESSAGES - kept; i < MESSAGES; i++) {
            expected.add("big-" + i);
        }
        expected.add("end");
        assertThat(labels.received)
                .as("the newest that fit in %d bytes, then the marker", CAP)
                .containsExactlyElementsOf(expected);
    }
}
