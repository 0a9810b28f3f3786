package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5Client;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5PubAckException;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding 7 (retained messages): every node holds all retained messages in memory, so their number and
 * payload bytes are capped cluster-wide (MQTT_MAX_RETAINED_MESSAGES, MQTT_MAX_RETAINED_BYTES). Before, a
 * client could retain on as many topics, with as many bytes, as it liked. A 5.0 QoS 1/2 retained PUBLISH
 * over a cap gets 0x97 Quota exceeded and goes nowhere; a 3.1.1 one is delivered to current subscribers
 * but not retained. Replacing (no larger) or clearing a retained topic is always allowed.
 */
@ExtendWith(LocalStackExtension.class)
class RetainedCapIT {

    private static final int MAX_MESSAGES = 5;
    private static final int MAX_BYTES = 10_000;
    private static final int SMALL = 10;

    private static BrokerProcess node;
    private final List<Mqtt5BlockingClient> clients = new ArrayList<>();
    private final String prefix = "retcap/" + UUID.randomUUID() + "/";
    private final Set<String> retainedTopics = new HashSet<>();

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        node = IsolatedNode.start(
                "retcap",
                stack,
                Map.of(
                        "MQTT_MAX_RETAINED_MESSAGES",
                        Integer.toString(MAX_MESSAGES),
                        "MQTT_MAX_RETAINED_BYTES",
                        Integer.toString(MAX_BYTES)));
    }

    @AfterAll
    static void stop() {
        BrokerProcess.closeAll(node);
    }

    /** Clears what the test retained, so every test starts on an empty store. */
    @AfterEach
    void clearAndDisconnect() {
        Mqtt5BlockingClient cleaner = v5("cleaner");
        for (String topic : retainedTopics) {
            cleaner.publishWith()
                    .topic(topic)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .retain(true)
                    .send();
        }
        awaitRetained(Map.of());
        clients.forEach(c -> {
            if (c.getState().isConnected()) {
                c.disconnect();
            }
        });
    }

    private Mqtt5BlockingClient v5(String name) {
        Mqtt5BlockingClient client = Mqtt5Client.builder()
                .identifier(name + "-" + UUID.randomUUID())
                .serverHost("127.0.0.1")
                .serverPort(node.mqttPort())
                .buildBlocking();
        clients.add(client);
        client.connectWith().cleanStart(true).send();
        return client;
    }

    private Mqtt5PubAckReasonCode retain(Mqtt5BlockingClient client, String topic, int bytes) {
        retainedTopics.add(topic);
        try {
            Mqtt5PublishResult result = client.publishWith()
                    .topic(topic)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .retain(true)
                    .payload(new byte[bytes])
                    .send();
            return result.getError()
                    .map(e -> ((Mqtt5PubAckException) e).getMqttMessage().getReasonCode())
                    .orElse(Mqtt5PubAckReasonCode.SUCCESS);
        } catch (Mqtt5PubAckException e) {
            return e.getMqttMessage().getReasonCode();
        }
    }

    /** Waits until a new subscriber to everything under the prefix gets exactly these retained payload sizes. */
    private void awaitRetained(Map<String, Integer> sizes) {
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(retainedNow()).isEqualTo(sizes));
    }

    private Map<String, Integer> retainedNow() throws InterruptedException {
        Mqtt5BlockingClient probe = v5("probe");
        try (Mqtt5BlockingClient.Mqtt5Publishes publishes = probe.publishes(MqttGlobalPublishFilter.ALL)) {
            probe.subscribeWith()
                    .topicFilter(prefix + "#")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .send();
            Map<String, Integer> seen = new TreeMap<>();
            Optional<Mqtt5Publish> next;
            while ((next = publishes.receive(1, TimeUnit.SECONDS)).isPresent()) {
                seen.put(next.get().getTopic().toString(), next.get().getPayloadAsBytes().length);
            }
            return seen;
        } finally {
            probe.disconnect();
        }
    }

    @Test
    void newRetainedTopicsBeyondTheCountOrByteCapAreRefusedWhileReplacingAndClearingStayAllowed() {
        Mqtt5BlockingClient client = v5("retainer");
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 0; i < MAX_MESSAGES - 1; i++) {
            assertThat(retain(client, prefix + i, SMALL)).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            expected.put(prefix + i, SMALL);
            awaitRetained(expected);
        }

        assertThat(retain(client, prefix + "big", MAX_BYTES))
                .as("over the byte cap")
                .isEqualTo(Mqtt5PubAckReasonCode.QUOTA_EXCEEDED);
        assertThat(retain(client, prefix + "last", SMALL)).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        expected.put(prefix + "last", SMALL);
        awaitRetained(expected);
        assertThat(retain(client, prefix + "one-more", SMALL))
                .as("over the count cap")
                .isEqualTo(Mqtt5PubAckReasonCode.QUOTA_EXCEEDED);

        assertThat(retain(client, prefix + 0, SMALL)).as("replace, same size").isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(retain(client, prefix + 1, MAX_BYTES / 2))
                .as("replace, larger but within the bytes")
                .isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        expected.put(prefix + 1, MAX_BYTES / 2);
        awaitRetained(expected);
        assertThat(retain(client, prefix + 2, MAX_BYTES / 2))
                .as("replace, growing past the byte cap")
                .isEqualTo(Mqtt5PubAckReasonCode.QUOTA_EXCEEDED);

        assertThat(retain(client, prefix + 2, 0)).as("clear").isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        expected.remove(prefix + 2);
        awaitRetained(expected);
        assertThat(retain(client, prefix + "one-more", SMALL))
                .as("room again")
                .isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        expected.put(prefix + "one-more", SMALL);
        awaitRetained(expected);
    }

    @Test
    void aRefusedV5RetainedPublishReachesNoSubscriber() throws Exception {
        fill();
        Mqtt5BlockingClient subscriber = v5("live");
        try (Mqtt5BlockingClient.Mqtt5Publishes publishes = subscriber.publishes(MqttGlobalPublishFilter.ALL)) {
            subscriber
                    .subscribeWith()
                    .topicFilter(prefix + "live/#")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .send();
            Mqtt5BlockingClient publisher = v5("over");
            assertThat(retain(publisher, prefix + "live/refused", SMALL))
                    .isEqualTo(Mqtt5PubAckReasonCode.QUOTA_EXCEEDED);
            publisher
                    .publishWith()
                    .topic(prefix + "live/plain")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload(new byte[1])
                    .send();

            Mqtt5Publish first = publishes.receive(30, TimeUnit.SECONDS).orElseThrow();
            assertThat(first.getTopic().toString())
                    .as("only the plain publish arrives")
                    .isEqualTo(prefix + "live/plain");
        }
    }

    @Test
    void aV311RetainedPublishOverTheCapIsDeliveredButNotRetained() throws Exception {
        fill();
        Mqtt5BlockingClient subscriber = v5("live311");
        BlockingQueue<Mqtt5Publish> live = new LinkedBlockingQueue<>();
        subscriber
                .toAsync()
                .subscribeWith()
                .topicFilter(prefix + "v3/#")
                .qos(MqttQos.AT_LEAST_ONCE)
                .retainAsPublished(true)
                .callback(live::add)
                .send()
                .get(10, TimeUnit.SECONDS);
        MqttClient publisher = new MqttClient(node.mqtt(), "v3-" + UUID.randomUUID(), new MemoryPersistence());
        try {
            publisher.connect();
            retainedTopics.add(prefix + "v3/over");
            publisher.publish(prefix + "v3/over", new byte[SMALL], 1, true);

            Mqtt5Publish delivered = live.poll(30, TimeUnit.SECONDS);
            assertThat(delivered).isNotNull();
            assertThat(delivered.isRetain())
                    .as("passed on, but not as retained")
                    .isFalse();
            assertThat(retainedNow()).doesNotContainKey(prefix + "v3/over");
        } finally {
            publisher.disconnectForcibly(1000, 1000);
            publisher.close();
        }
    }

    /** Retains small messages under this test's prefix until the count cap refuses one. */
    private void fill() {
        Mqtt5BlockingClient client = v5("filler");
        for (int i = 0; i <= MAX_MESSAGES; i++) {
            Mqtt5PubAckReasonCode code = retain(client, prefix + "fill/" + i, SMALL);
            if (code == Mqtt5PubAckReasonCode.QUOTA_EXCEEDED) {
                return;
            }
            int n = i;
            await().atMost(Duration.ofSeconds(30)).until(() -> retainedNow().containsKey(prefix + "fill/" + n));
        }
        throw new AssertionError("no quota: " + (MAX_MESSAGES + 1) + " retained topics were all accepted");
    }
}
