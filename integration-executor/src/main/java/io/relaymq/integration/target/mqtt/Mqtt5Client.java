package io.relaymq.integration.target.mqtt;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.integration.target.DeliveryException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.net.ssl.SSLSocketFactory;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.eclipse.paho.mqttv5.common.packet.UserProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** MQTT 5 to the remote broker through Paho's v5 client; the message's MQTT 5 properties travel along. */
final class Mqtt5Client implements BridgeClient {

    private static final Logger log = LoggerFactory.getLogger(Mqtt5Client.class);

    private final MqttBridgeSettings settings;
    private final Optional<SSLSocketFactory> tls;
    private MqttAsyncClient client;

    Mqtt5Client(MqttBridgeSettings settings, Optional<SSLSocketFactory> tls) {
        this.settings = settings;
        this.tls = tls;
    }

    @Override
    public void publish(Outgoing m) throws DeliveryException {
        MqttAsyncClient connected = connected();
        IMqttToken token;
        try {
            token = connected.publish(m.topic(), new MqttMessage(m.payload(), m.qos(), m.retain(), properties(m)));
            token.waitForCompletion(settings.publishTimeoutMs());
        } catch (MqttException e) {
            DeliveryException failure = MqttFailures.publishFailed(m.topic(), e.getReasonCode(), e);
            if (failure.retryable()) {
                discard();
            }
            throw failure;
        }
        int[] codes = token.getReasonCodes();
        if (codes != null) {
            for (int code : codes) {
                if (MqttFailures.isRefusal(code)) {
                    throw MqttFailures.refused(m.topic(), code);
                }
            }
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
            throw MqttFailures.connectFailed(settings.serverUri(), e.getReasonCode(), false, e);
        }
    }

    private MqttConnectionOptions options() {
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(settings.cleanStart());
        o.setKeepAliveInterval(settings.keepAliveSeconds());
        o.setConnectionTimeout((settings.connectTimeoutMs() + 999) / 1000);
        o.setAutomaticReconnect(false);
        settings.username().ifPresent(o::setUserName);
        settings.password().ifPresent(p -> o.setPassword(p.getBytes(StandardCharsets.UTF_8)));
        tls.ifPresent(factory -> {
            o.setSocketFactory(factory);
            o.setHttpsHostnameVerificationEnabled(settings.tls().verifyHostname());
        });
        return o;
    }

    private static MqttProperties properties(Outgoing m) {
        MessageProperties p = m.properties();
        MqttProperties out = new MqttProperties();
        if (p.payloadFormat() != null) {
            out.setPayloadFormat(p.payloadFormat() == 1);
        }
        if (m.expirySeconds() != null) {
            out.setMessageExpiryInterval(m.expirySeconds());
        }
        out.setContentType(p.contentType());
        out.setResponseTopic(p.responseTopic());
        out.setCorrelationData(p.correlationData());
        if (!p.userProperties().isEmpty()) {
            out.setUserProperties(p.userProperties().stream()
                    .map(u -> new UserProperty(u.name(), u.value()))
                    .toList());
        }
        return out;
    }

    private void discard() {
        if (client == null) {
            return;
        }
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(0, 1000, false);
            }
            client.close(true);
        } catch (MqttException | RuntimeException e) {
            log.debug("closing the MQTT 5 client of {} failed", settings.serverUri(), e);
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
