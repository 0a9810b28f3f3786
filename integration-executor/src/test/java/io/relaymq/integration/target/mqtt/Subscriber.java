package io.relaymq.integration.target.mqtt;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.SocketFactory;
import org.awaitility.Awaitility;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;

/** An MQTT 5 subscriber on the remote broker that keeps what it receives (retain as published). */
final class Subscriber implements AutoCloseable {

    record Received(String topic, MqttMessage message) {}

    private final MqttClient client;
    private final List<Received> received = new CopyOnWriteArrayList<>();

    Subscriber(String uri, String filter, String username, String password) throws MqttException {
        this(uri, filter, username, password, null);
    }

    /** With {@code tls} (may be null) as the socket factory of an {@code ssl://} URI. */
    Subscriber(String uri, String filter, String username, String password, SocketFactory tls) throws MqttException {
        client = new MqttClient(uri, "it-sub-" + System.nanoTime(), new MemoryPersistence());
        client.setCallback(new Collector());
        MqttConnectionOptions options = new MqttConnectionOptions();
        if (username != null) {
            options.setUserName(username);
            options.setPassword(password.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        if (tls != null) {
            options.setSocketFactory(tls);
        }
        client.connect(options);
        MqttSubscription subscription = new MqttSubscription(filter, 2);
        subscription.setRetainAsPublished(true);
        client.subscribe(new MqttSubscription[] {subscription});
    }

    /** Waits (bounded) until {@code count} messages arrived and returns them in order of arrival. */
    List<Received> await(int count) {
        Awaitility.await().atMost(Duration.ofSeconds(15)).until(() -> received.size() >= count);
        return List.copyOf(received);
    }

    @Override
    public void close() throws MqttException {
        if (client.isConnected()) {
            client.disconnect();
        }
        client.close();
    }

    private final class Collector implements MqttCallback {
        @Override
        public void messageArrived(String topic, MqttMessage message) {
            received.add(new Received(topic, message));
        }

        @Override
        public void disconnected(MqttDisconnectResponse response) {}

        @Override
        public void mqttErrorOccurred(MqttException exception) {}

        @Override
        public void deliveryComplete(IMqttToken token) {}

        @Override
        public void connectComplete(boolean reconnect, String serverURI) {}

        @Override
        public void authPacketArrived(int reasonCode, MqttProperties properties) {}
    }
}
