package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.redis.RedisCluster;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A Redis outage longer than the dead-after period (5 s for test nodes) must not make the nodes declare
 * each other dead once Redis is back: their heartbeats were stale only because nobody could write or read
 * them. A persistent subscriber on one node keeps its connection and keeps receiving. Stops the whole
 * Redis cluster, so it runs with the fault suite (tag {@code faults}, Redis with an append-only file).
 */
@Tag("faults")
@ExtendWith(LocalStackExtension.class)
class DeadNodeDetectionIT {

    /**
     * Well over the dead-after period: long enough for the nodes' Redis reconnect back-off to drift apart,
     * so one node reads the registry before the other's heartbeat lands (9 s did not reproduce the bug).
     */
    private static final Duration OUTAGE = Duration.ofSeconds(20);

    private static BrokerProcess a;
    private static BrokerProcess b;

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        Map<String, String> env = Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true");
        a = BrokerProcess.start("deadnode-a", stack, env);
        b = BrokerProcess.start("deadnode-b", stack, env);
        a.awaitReady();
        b.awaitReady();
    }

    @AfterAll
    static void stopNodes() {
        BrokerProcess.closeAll(a, b);
    }

    @Test
    void aRedisOutageLongerThanDeadAfterDeclaresNoLiveNodeDead(LocalStack stack) throws Exception {
        RedisCluster redis = stack.redis().orElseThrow();
        Set<String> received = ConcurrentHashMap.newKeySet();
        AtomicInteger lost = new AtomicInteger();
        MqttClient subscriber = client(b, "deadnode-device", received, lost);
        subscriber.subscribe("deadnode/t", 1);
        MqttClient publisher = client(a, "deadnode-publisher", ConcurrentHashMap.newKeySet(), new AtomicInteger());
        publish(publisher, "before");
        await().atMost(Duration.ofSeconds(30)).until(() -> received.contains("before"));

        int count = redis.nodes().size();
        redis.stop();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> IntStream.range(0, count).noneMatch(redis::isAlive));
        // the outage itself: longer than RELAYMQ_NODE_DEAD_AFTER, nothing to wait for but time
        await().pollDelay(OUTAGE).atMost(OUTAGE.plusSeconds(1)).until(() -> true);
        redis.restartAll();
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(redis::awaitClusterOk);

        // over twice the dead-after period of sweeps after Redis is back, messages keep arriving
        for (int i = 0; i < 12; i++) {
            String payload = "after-" + i;
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> publish(publisher, payload));
            await().atMost(Duration.ofSeconds(30)).until(() -> received.contains(payload));
        }
        assertThat(lost).as("connections the subscriber lost").hasValue(0);
        for (BrokerProcess node : new BrokerProcess[] {a, b}) {
            assertThat(Files.readString(node.logFile()))
                    .as(node.nodeId() + " log")
                    .doesNotContain("stopped sending heartbeats");
        }
        publisher.disconnect();
        subscriber.disconnect();
    }

    private static void publish(MqttClient publisher, String payload) throws Exception {
        if (!publisher.isConnected()) {
            publisher.reconnect();
        }
        publisher.publish("deadnode/t", payload.getBytes(StandardCharsets.UTF_8), 1, false);
    }

    private static MqttClient client(BrokerProcess node, String clientId, Set<String> received, AtomicInteger lost)
            throws Exception {
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
        options.setKeepAliveInterval(60);
        client.connect(options);
        return client;
    }
}
