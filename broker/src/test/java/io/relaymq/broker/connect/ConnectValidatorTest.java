package io.relaymq.broker.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.transport.EmbeddedBroker;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectValidatorTest {

    private static MqttSettings settings(int maxKeepAlive) {
        MqttSettings.Listener off = new MqttSettings.Listener(false, "127.0.0.1", 0, null);
        return new MqttSettings(
                new MqttSettings.Listeners(off, off, off, off),
                Duration.ofSeconds(10),
                4096,
                64,
                maxKeepAlive,
                100,
                100,
                1000,
                10,
                Duration.ofHours(1),
                true,
                false,
                new MqttSettings.Tls(
                        null, null, null, null, null, "PKCS12", null, null, null, "PKCS12", "none", List.of("TLSv1.3")),
                new MqttSettings.Netty(0, 1, 1024, 2048));
    }

    private static MqttConnectMessage connect(MqttVersion version, boolean clean, int keepAlive, MqttProperties props) {
        return MqttMessageBuilders.connect()
                .clientId("c")
                .protocolVersion(version)
                .cleanSession(clean)
                .keepAlive(keepAlive)
                .properties(props)
                .build();
    }

    @Test
    void aPersistent311SessionIsKeptForTheMaximumExpiry() {
        ConnectRequest request = new ConnectValidator(settings(0), EmbeddedBroker.TOPIC_LIMITS, Clock.systemUTC())
                .validate(
                        connect(MqttVersion.MQTT_3_1_1, false, 30, MqttProperties.NO_PROPERTIES),
                        MqttVersion.MQTT_3_1_1)
                .request();
        assertThat(request.expirySeconds()).isEqualTo(3600);
        assertThat(request.expiryCapped()).isFalse();
        assertThat(request.keepAliveSeconds()).isEqualTo(30);
    }

    @Test
    void mqtt5ExpiryAboveTheMaximumIsCappedAndFlagged() {
        MqttProperties props = new MqttProperties();
        props.add(new MqttProperties.IntegerProperty(MqttProperties.SESSION_EXPIRY_INTERVAL, 7200));
        ConnectRequest request = new ConnectValidator(settings(0), EmbeddedBroker.TOPIC_LIMITS, Clock.systemUTC())
                .validate(connect(MqttVersion.MQTT_5, true, 30, props), MqttVersion.MQTT_5)
                .request();
        assertThat(request.expirySeconds()).isEqualTo(3600);
        assertThat(request.expiryCapped()).isTrue();
    }

    // [MQTT-3.2.2-21]: a 5.0 client uses the Server Keep Alive the server sends
    @Test
    void serverKeepAliveReplacesTooLongOrZeroKeepAlive() {
        ConnectValidator validator = new ConnectValidator(settings(60), EmbeddedBroker.TOPIC_LIMITS, Clock.systemUTC());
        ConnectRequest tooLong = validator
                .validate(connect(MqttVersion.MQTT_5, true, 600, MqttProperties.NO_PROPERTIES), MqttVersion.MQTT_5)
                .request();
        assertThat(tooLong.serverKeepAlive()).isEqualTo(60);
        assertThat(tooLong.keepAliveSeconds()).isEqualTo(60);
        ConnectRequest fine = validator
                .validate(connect(MqttVersion.MQTT_5, true, 30, MqttProperties.NO_PROPERTIES), MqttVersion.MQTT_5)
                .request();
        assertThat(fine.serverKeepAlive()).isNull();
        assertThat(fine.keepAliveSeconds()).isEqualTo(30);
    }

    @Test
    void clientLimitsAreTakenFromConnectProperties() {
        MqttProperties props = new MqttProperties();
        props.add(new MqttProperties.IntegerProperty(MqttProperties.RECEIVE_MAXIMUM, 5));
        props.add(new MqttProperties.IntegerProperty(MqttProperties.MAXIMUM_PACKET_SIZE, 512));
        props.add(new MqttProperties.IntegerProperty(MqttProperties.TOPIC_ALIAS_MAXIMUM, 4));
        ConnectRequest request = new ConnectValidator(settings(0), EmbeddedBroker.TOPIC_LIMITS, Clock.systemUTC())
                .validate(connect(MqttVersion.MQTT_5, true, 30, props), MqttVersion.MQTT_5)
                .request();
        assertThat(request.receiveMaximum()).isEqualTo(5);
        assertThat(request.maxPacketSize()).isEqualTo(512);
        assertThat(request.topicAliasMaximum()).isEqualTo(4);
    }
}
