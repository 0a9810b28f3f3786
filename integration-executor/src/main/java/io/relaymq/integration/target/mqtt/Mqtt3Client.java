package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.DeliveryException;
import java.util.Optional;
import javax.net.ssl.SSLSocketFactory;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** MQTT 3.1.1 to the remote broker through Paho's v3 client; MQTT 5 properties cannot travel and are left out. */
final class Mqtt3Client implements BridgeClient {

    private static final Logger log = LoggerFactory.getLogger(Mqtt3Client.class);

    private final MqttBridgeSettings settings;
    private final Optional<SSLSocketFactory> tls;
    private MqttAsyncClient client;

    Mqtt3Client(MqttBridgeSettings settings, Optional<SSLSocketFactory> tls) {
        this.settings = settings;
        this.tls = tls;
    }

    @Override
    public void publish(Outgoing m) throws DeliveryException {
        MqttAsyncClient connected = connected();
        try {
            connected
                    .publish(m.topic(), m.payload(), m.qos(), m.retain())
                    .waitForCompletion(settings.publishTimeoutMs());
        } catch (MqttException e) {
            discard();
            throw MqttFailures.publishFailed(m.topic(), e.getReasonCode(), e);
        }
    }

    private MqttAsyncClient connected() throws DeliveryException {
        if (client != null && client.isConnected()) {
            return client;
        }
        discard();
        try {
            client = new MqttAsyncClient(settings.serverUri(), settings.clientId(), new MemoryPersistence());
            client.connect(options()).waitForCompletion(settings.connectTimeoutMs());
            return client;
        } catch (MqttException e) {
            discard();
            throw MqttFailures.connectFailed(settings.serverUri(), e.getReasonCode(), true, e);
        }
    }

    private MqttConnectOptions options() {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        o.setCleanSession(settings.cleanStart());
        o.setKeepAliveInterval(settings.keepAliveSeconds());
        o.setConnectionTimeout((settings.connectTimeoutMs() + 999) / 1000);
        o.setAutomaticReconnect(false);
        settings.username().ifPresent(o::setUserName);
        settings.password().ifPresent(p -> o.setPassword(p.toCharArray()));
        tls.ifPresent(factory -> {
            o.setSocketFactory(factory);
            o.setHttpsHostnameVerificationEnabled(settings.tls().verifyHostname());
        });
        return o;
    }

    private void discard() {
        if (client == null) {
            return;
        }
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(0, 1000);
            }
            client.close(true);
        } catch (MqttException | RuntimeException e) {
            log.debug("closing the MQTT 3.1.1 client of {} failed", settings.serverUri(), e);
        }
        client = null;
    }

    @Override
    public void close() {
        if (client != null && client.isConnected()) {
            try {
                client.disconnect(1000).waitForCompletion(2000);
            } catch (MqttException e) {
                log.debug("disconnecting from {} failed", settings.serverUri(), e);
            }
        }
        discard();
    }
}
