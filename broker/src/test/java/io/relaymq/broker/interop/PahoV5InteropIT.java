package io.relaymq.broker.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.mqttv5.client.IMqttMessageListener;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Eclipse Paho MQTT 5.0 client against the node. */
@RelayMqNodeTest
class PahoV5InteropIT {

    @Autowired
    MqttServer server;

    private static final long WAIT = 10_000;

    private MqttAsyncClient connect(String clientId, boolean cleanStart) throws Exception {
        MqttAsyncClient client = new MqttAsyncClient(Endpoints.tcp(server), clientId, new MemoryPersistence());
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(cleanStart);
        client.connect(options).waitForCompletion(WAIT);
        return client;
    }

    /** Subscribes; messages reach {@code listener} through the client-wide callback (one subscription per client). */
    private static void subscribe(
            MqttAsyncClient client, MqttSubscription subscription, IMqttMessageListener listener, MqttProperties props)
            throws Exception {
        client.setCallback(new MqttCallback() {
            @Override
            public void disconnected(MqttDisconnectResponse response) {}

            @Override
            public void mqttErrorOccurred(MqttException exception) {}

            @Override
            public void messageArrived(String topic, MqttMessage message) throws Exception {
                listener.messageArrived(topic, message);
            }

            @Override
            public void deliveryComplete(IMqttToken token) {}

            @Override
            public void connectComplete(boolean reconnect, String serverURI) {}

            @Override
            public void authPacketArrived(int reasonCode, MqttProperties properties) {}
        });
        client.subscribe(new MqttSubscription[] {subscription}, null, null, props)
                .waitForCompletion(WAIT);
    }

    private static void publish(MqttAsyncClient client, String topic, MqttMessage message) throws Exception {
        client.publish(topic, message).waitForCompletion(WAIT);
    }

    private static void disconnect(MqttAsyncClient client) throws Exception {
        client.disconnect().waitForCompletion(WAIT);
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void connAckAdvertisesTheBrokersLimitsAndCapabilities() throws Exception {
        MqttAsyncClient client = new MqttAsyncClient(Endpoints.tcp(server), unique("caps"), new MemoryPersistence());
        IMqttToken token = client.connect(new MqttConnectionOptions());
        token.waitForCompletion(WAIT);
        MqttProperties props = token.getResponseProperties();
        assertThat(props.getMaximumPacketSize()).isEqualTo(1048576L);
        assertThat(props.getReceiveMaximum()).isEqualTo(1000);
        assertThat(props.getTopicAliasMaximum()).isEqualTo(10);
        assertThat(props.isSharedSubscriptionAvailable()).isTrue();
        assertThat(props.isSubscriptionIdentifiersAvailable()).isTrue();
        assertThat(props.isWildcardSubscriptionsAvailable()).isTrue();
        disconnect(client);
    }

    @Test
    void propertiesTravelFromPublisherToSubscriber() throws Exception {
        String topic = unique("paho5/props") + "/req";
        BlockingQueue<MqttMessage> received = new LinkedBlockingQueue<>();
        MqttAsyncClient subscriber = connect(unique("sub"), true);
        MqttSubscription subscription = new MqttSubscription(topic, 1);
        MqttProperties subProps = new MqttProperties();
        subProps.setSubscriptionIdentifier(42);
        subscribe(subscriber, subscription, (t, m) -> received.add(m), subProps);

        MqttAsyncClient publisher = connect(unique("pub"), true);
        MqttMessage message = new MqttMessage("{\"t\":21.5}".getBytes(StandardCharsets.UTF_8), 1, false, null);
        MqttProperties props = new MqttProperties();
        props.setContentType("application/json");
        props.setResponseTopic("replies/1");
        props.setCorrelationData(new byte[] {7, 7});
        props.setPayloadFormat(true);
        props.setMessageExpiryInterval(3600L);
        props.setUserProperties(List.of(new UserProperty("site", "kyiv"), new UserProperty("site", "lviv")));
        message.setProperties(props);
        publish(publisher, topic, message);

        MqttMessage got = received.poll(30, TimeUnit.SECONDS);
        assertThat(got).isNotNull();
        MqttProperties p = got.getProperties();
        assertThat(p.getContentType()).isEqualTo("application/json");
        assertThat(p.getResponseTopic()).isEqualTo("replies/1");
        assertThat(p.getCorrelationData()).containsExactly(7, 7);
        assertThat(p.getPayloadFormat()).isTrue();
        assertThat(p.getMessageExpiryInterval()).isBetween(3590L, 3600L);
        assertThat(p.getUserProperties()).extracting(UserProperty::getValue).containsExactly("kyiv", "lviv");
        assertThat(p.getSubscriptionIdentifiers()).containsExactly(42);
        disconnect(publisher);
        disconnect(subscriber);
    }

    @Test
    void sharedSubscriptionSplitsMessagesWithoutLossOrDuplicates() throws Exception {
        String topic = unique("paho5/shared") + "/jobs";
        String group = unique("workers");
        BlockingQueue<String> a = new LinkedBlockingQueue<>();
        BlockingQueue<String> b = new LinkedBlockingQueue<>();
        MqttAsyncClient workerA = connect(unique("worker-a"), true);
        MqttAsyncClient workerB = connect(unique("worker-b"), true);
        subscribe(
                workerA,
                new MqttSubscription("$share/" + group + "/" + topic, 1),
                (t, m) -> a.add(new String(m.getPayload(), StandardCharsets.UTF_8)),
                new MqttProperties());
        subscribe(
                workerB,
                new MqttSubscription("$share/" + group + "/" + topic, 1),
                (t, m) -> b.add(new String(m.getPayload(), StandardCharsets.UTF_8)),
                new MqttProperties());
        MqttAsyncClient publisher = connect(unique("pub"), true);
        for (int i = 0; i < 100; i++) {
            publish(publisher, topic, new MqttMessage(("job" + i).getBytes(StandardCharsets.UTF_8), 1, false, null));
        }
        Set<String> all = new HashSet<>();
        List<String> fromA = new ArrayList<>();
        List<String> fromB = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (fromA.size() + fromB.size() < 100 && System.nanoTime() < deadline) {
            String m = a.poll(50, TimeUnit.MILLISECONDS);
            if (m != null) {
                fromA.add(m);
            }
            m = b.poll(50, TimeUnit.MILLISECONDS);
            if (m != null) {
                fromB.add(m);
            }
        }
        all.addAll(fromA);
        all.addAll(fromB);
        assertThat(fromA.size() + fromB.size()).isEqualTo(100);
        assertThat(all).hasSize(100);
        assertThat(fromA).isNotEmpty();
        assertThat(fromB).isNotEmpty();
        disconnect(publisher);
        disconnect(workerA);
        disconnect(workerB);
    }

    @Test
    void noLocalSubscriptionDoesNotEchoTheClientsOwnMessages() throws Exception {
        String topic = unique("paho5/nolocal") + "/chat";
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        MqttAsyncClient client = connect(unique("chatter"), true);
        MqttSubscription subscription = new MqttSubscription(topic, 1);
        subscription.setNoLocal(true);
        subscribe(
                client,
                subscription,
                (t, m) -> received.add(new String(m.getPayload(), StandardCharsets.UTF_8)),
                new MqttProperties());
        publish(client, topic, new MqttMessage("mine".getBytes(StandardCharsets.UTF_8), 1, false, null));
        MqttAsyncClient other = connect(unique("other"), true);
        publish(other, topic, new MqttMessage("theirs".getBytes(StandardCharsets.UTF_8), 1, false, null));
        assertThat(received.poll(30, TimeUnit.SECONDS)).isEqualTo("theirs");
        assertThat(received).isEmpty();
        disconnect(client);
        disconnect(other);
    }
}
