package io.relaymq.broker.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/** Paho 3.1.1 clients for persistence tests: persistent subscribers, probes, numbered bursts. */
public final class PersistentSessions {

    private final PahoClients clients = new PahoClients();

    /** Every payload a subscriber receives, in arrival order, with the arrival time of each. */
    public static final class Received implements MqttCallback {
        public final List<String> payloads = Collections.synchronizedList(new ArrayList<>());
        public final List<Long> arrivalNanos = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void connectionLost(Throwable cause) {}

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            arrivalNanos.add(System.nanoTime());
            payloads.add(new String(message.getPayload(), StandardCharsets.UTF_8));
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }

    public static String id(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A clean_session=false client; with {@code manualAcks} Paho withholds PUBACK/PUBCOMP. */
    public MqttClient persistent(BrokerProcess node, String clientId, Received into, boolean manualAcks)
            throws Exception {
        return persistent(node, clientId, into, manualAcks, new MqttConnectOptions());
    }

    /** The same with a user name and password. */
    public MqttClient persistent(BrokerProcess node, String clientId, Received into, String username, String password)
            throws Exception {
        MqttConnectOptions options = new MqttConnectOptions();
        options.setUserName(username);
        options.setPassword(password.toCharArray());
        return persistent(node, clientId, into, false, options);
    }

    private MqttClient persistent(
            BrokerProcess node, String clientId, Received into, boolean manualAcks, MqttConnectOptions options)
            throws Exception {
        MqttClient client = new MqttClient(node.mqtt(), clientId, new MemoryPersistence());
        client.setCallback(into);
        client.setManualAcks(manualAcks);
        options.setCleanSession(false);
        options.setConnectionTimeout(30);
        options.setMaxInflight(1000);
        client.connect(options);
        clients.add(client);
        return client;
    }

    public MqttClient plain(BrokerProcess node) throws Exception {
        MqttClient client = new MqttClient(node.mqtt(), id("plain"), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(30);
        // Paho frees an in-flight slot a little after a blocking QoS 1 publish returns: leave room
        options.setMaxInflight(1000);
        client.connect(options);
        clients.add(client);
        return client;
    }

    /** The subscription is cluster-wide once a QoS 0 probe from {@code via} reaches the subscriber. */
    public void awaitRouted(BrokerProcess via, String topic, Received subscriber) throws Exception {
        MqttClient probe = plain(via);
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            probe.publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 0, false);
            return subscriber.payloads.contains("probe");
        });
        subscriber.payloads.clear();
        subscriber.arrivalNanos.clear();
    }

    /**
     * Publishes "0".."count-1" at QoS 1 with up to 500 in flight; returns once all are acknowledged. Paho frees an
     * in-flight slot on its callback thread a little after the token completed; on a loaded machine that can lag
     * behind, and Paho then refuses the PUBLISH (window full, reason 32202): it is offered again, in order, until
     * Paho has room (bounded).
     */
    public static void publishAll(BrokerProcess node, String topic, int count) throws Exception {
        MqttAsyncClient publisher = new MqttAsyncClient(node.mqtt(), id("burst"), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMaxInflight(1000);
        options.setConnectionTimeout(30);
        publisher.connect(options).waitForCompletion(30_000);
        try {
            List<IMqttToken> tokens = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                // Paho frees an in-flight slot a little after the token completes: stay well below its limit
                if (i >= 500) {
                    tokens.get(i - 500).waitForCompletion(30_000);
                }
                tokens.add(publishWhenPahoHasRoom(publisher, topic, Integer.toString(i)));
            }
            for (IMqttToken token : tokens) {
                token.waitForCompletion(30_000);
            }
        } finally {
            publisher.disconnect().waitForCompletion(10_000);
            publisher.close();
        }
    }

    private static IMqttToken publishWhenPahoHasRoom(MqttAsyncClient publisher, String topic, String payload) {
        IMqttToken[] sent = new IMqttToken[1];
        await().atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(5))
                .ignoreExceptionsMatching(e ->
                        e instanceof MqttException m && m.getReasonCode() == MqttException.REASON_CODE_MAX_INFLIGHT)
                .until(() -> (sent[0] = publisher.publish(topic, payload.getBytes(StandardCharsets.UTF_8), 1, false))
                        != null);
        return sent[0];
    }

    public static List<String> sequence(int from, int to) {
        return IntStream.range(from, to).mapToObj(Integer::toString).toList();
    }

    public static void awaitAllInOrder(Received subscriber, int count) {
        await().atMost(Duration.ofSeconds(120)).until(() -> subscriber.payloads.size() >= count);
        synchronized (subscriber.payloads) {
            assertThat(subscriber.payloads)
                    .as("all, once, in publish order")
                    .containsExactlyElementsOf(sequence(0, count));
        }
    }

    /**
     * Like {@link #awaitAllInOrder(Received, int)} for a subscriber whose node was killed just after a routing
     * probe reached it. A probe published before the kill may not have been routed yet; its partition's next
     * router routes it afterwards, at QoS 0 straight to the session, while the numbered QoS 1 messages go
     * through the store. MQTT orders only one publisher's messages of one QoS ([MQTT-4.6.0-6]), and the probes
     * come from another client at another QoS: they may arrive anywhere and are left out.
     */
    public static void awaitAllInOrderBesideLateProbes(Received subscriber, int count) {
        await().atMost(Duration.ofSeconds(120))
                .until(() -> withoutProbes(subscriber).size() >= count);
        assertThat(withoutProbes(subscriber))
                .as("all, once, in publish order")
                .containsExactlyElementsOf(sequence(0, count));
    }

    private static List<String> withoutProbes(Received subscriber) {
        synchronized (subscriber.payloads) {
            return subscriber.payloads.stream().filter(p -> !p.equals("probe")).toList();
        }
    }

    public void closeAll() {
        clients.closeAll();
    }
}
