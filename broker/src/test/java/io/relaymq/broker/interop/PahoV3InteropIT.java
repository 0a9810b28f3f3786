package io.relaymq.broker.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.support.TestTlsMaterial;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/** Eclipse Paho 3.1.1 client against the node over TCP, every message through Kafka. */
@RelayMqNodeTest
class PahoV3InteropIT {

    @Autowired
    MqttServer server;

    private MqttClient connect(String clientId, boolean clean) throws Exception {
        MqttClient client = new MqttClient(Endpoints.tcp(server), clientId, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(clean);
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setAutomaticReconnect(false);
        client.connect(options);
        return client;
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void publishAndReceiveAtEachQos(int qos) throws Exception {
        String topic = unique("paho3/qos" + qos) + "/temp";
        BlockingQueue<MqttMessage> received = new LinkedBlockingQueue<>();
        MqttClient subscriber = connect(unique("sub"), true);
        subscriber.subscribe(topic, qos, (t, m) -> received.add(m));
        MqttClient publisher = connect(unique("pub"), true);

        publisher.publish(topic, "21.5".getBytes(StandardCharsets.UTF_8), qos, false);

        MqttMessage message = received.poll(30, TimeUnit.SECONDS);
        assertThat(message).isNotNull();
        assertThat(new String(message.getPayload(), StandardCharsets.UTF_8)).isEqualTo("21.5");
        assertThat(message.getQos()).isEqualTo(qos);
        assertThat(message.isRetained()).isFalse();
        publisher.disconnect();
        subscriber.disconnect();
    }

    @Test
    void qos1RoundTripOverTls() throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(TestTlsMaterial.keyStore())) {
            store.load(in, TestTlsMaterial.PASSWORD.toCharArray());
        }
        trust.init(store);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setSocketFactory(tls.getSocketFactory());
        options.setHttpsHostnameVerificationEnabled(false);

        String topic = unique("paho3/tls") + "/t";
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        MqttClient subscriber = new MqttClient(Endpoints.tls(server), unique("tls-sub"), new MemoryPersistence());
        subscriber.connect(options);
        subscriber.subscribe(topic, 1, (t, m) -> received.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
        MqttClient publisher = new MqttClient(Endpoints.tls(server), unique("tls-pub"), new MemoryPersistence());
        publisher.connect(options);
        publisher.publish(topic, "through-kafka".getBytes(StandardCharsets.UTF_8), 1, false);
        assertThat(received.poll(30, TimeUnit.SECONDS)).isEqualTo("through-kafka");
        publisher.disconnect();
        subscriber.disconnect();
    }

    @Test
    void retainedMessageReachesALaterSubscriberAndEmptyPayloadClearsIt() throws Exception {
        String topic = unique("paho3/retained") + "/state";
        MqttClient publisher = connect(unique("pub"), true);
        publisher.publish(topic, "on".getBytes(StandardCharsets.UTF_8), 1, true);
        BlockingQueue<MqttMessage> first = new LinkedBlockingQueue<>();

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            MqttClient late = connect(unique("late"), true);
            late.subscribe(topic, 1, (t, m) -> first.add(m));
            MqttMessage m = first.poll(2, TimeUnit.SECONDS);
            late.disconnect();
            assertThat(m).isNotNull();
            assertThat(m.isRetained()).isTrue();
            assertThat(new String(m.getPayload(), StandardCharsets.UTF_8)).isEqualTo("on");
        });

        publisher.publish(topic, new byte[0], 1, true);
        String marker = unique("marker");
        publisher.publish(topic + "/marker", marker.getBytes(StandardCharsets.UTF_8), 1, false);
        BlockingQueue<String> afterClear = new LinkedBlockingQueue<>();
        MqttClient probe = connect(unique("probe"), true);
        probe.subscribe(
                topic + "/marker", 1, (t, m) -> afterClear.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
        probe.subscribe(
                topic, 1, (t, m) -> afterClear.add("retained:" + new String(m.getPayload(), StandardCharsets.UTF_8)));
        publisher.publish(topic + "/marker", marker.getBytes(StandardCharsets.UTF_8), 1, false);
        assertThat(afterClear.poll(30, TimeUnit.SECONDS)).isEqualTo(marker);
        publisher.disconnect();
        probe.disconnect();
    }

    @Test
    void willIsPublishedWhenTheConnectionIsLostButNotAfterDisconnect() throws Exception {
        String willTopic = unique("paho3/will") + "/status";
        BlockingQueue<String> wills = new LinkedBlockingQueue<>();
        MqttClient watcher = connect(unique("watcher"), true);
        watcher.subscribe(willTopic, 1, (t, m) -> wills.add(new String(m.getPayload(), StandardCharsets.UTF_8)));

        MqttClient polite = new MqttClient(Endpoints.tcp(server), unique("polite"), new MemoryPersistence());
        MqttConnectOptions politeOptions = new MqttConnectOptions();
        politeOptions.setWill(willTopic, "polite-gone".getBytes(StandardCharsets.UTF_8), 1, false);
        polite.connect(politeOptions);
        polite.disconnect();

        MqttClient device = new MqttClient(Endpoints.tcp(server), unique("device"), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setWill(willTopic, "offline".getBytes(StandardCharsets.UTF_8), 1, false);
        device.connect(options);
        device.disconnectForcibly(0, 1000, false);

        assertThat(wills.poll(30, TimeUnit.SECONDS)).isEqualTo("offline");
        assertThat(wills).isEmpty();
        watcher.disconnect();
    }

    @Test
    void persistentSessionKeepsSubscriptionsAndQueuesWhileOffline() throws Exception {
        String clientId = unique("persistent");
        String topic = unique("paho3/persistent") + "/cmd";
        MqttClient subscriber = connect(clientId, false);
        subscriber.subscribe(topic, 1);
        subscriber.disconnect();
        subscriber.close();

        MqttClient publisher = connect(unique("pub"), true);
        for (int i = 0; i < 10; i++) {
            publisher.publish(topic, ("m" + i).getBytes(StandardCharsets.UTF_8), 1, false);
        }

        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        MqttClient back = new MqttClient(Endpoints.tcp(server), clientId, new MemoryPersistence());
        back.setCallback(new Callbacks(received));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(false);
        back.connect(options);
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            got.add(received.poll(30, TimeUnit.SECONDS));
        }
        assertThat(got).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9");
        back.disconnect();
        publisher.disconnect();
    }

    /** Collects payloads of messages delivered without a per-subscription listener. */
    private record Callbacks(BlockingQueue<String> payloads) implements MqttCallback {
        @Override
        public void connectionLost(Throwable cause) {}

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            payloads.add(new String(message.getPayload(), StandardCharsets.UTF_8));
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }
}
