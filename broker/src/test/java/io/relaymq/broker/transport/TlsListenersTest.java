package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import io.relaymq.broker.mqtt.MqttSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TLS and secure WebSocket listeners with real sockets and certificates made for the test:
 * Paho over TLS, HiveMQ over WSS, and client certificates required, trusted or not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsListenersTest {

    private Path serverKey;
    private Path trustedClientKey;
    private Path untrustedClientKey;
    private Path clientTrust;
    private MqttServer server;
    private MqttServer mutualTls;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        serverKey = TestCertificates.keyPair(dir, "server", "localhost");
        trustedClientKey = TestCertificates.keyPair(dir, "device", "device-1");
        untrustedClientKey = TestCertificates.keyPair(dir, "stranger", "device-1");
        clientTrust = TestCertificates.trustStore(dir, "client-trust", serverKey);
        Path serverTrust = TestCertificates.trustStore(dir, "server-trust", trustedClientKey);
        EmbeddedBroker broker = new EmbeddedBroker();
        server = new MqttServer(settings(tls("none", null)), broker.handlers());
        server.start();
        mutualTls = new MqttServer(settings(tls("require", serverTrust)), broker.handlers());
        mutualTls.start();
    }

    @AfterAll
    void stop() {
        server.stop();
        mutualTls.stop();
    }

    private MqttSettings.Tls tls(String clientAuth, Path trustStore) {
        return new MqttSettings.Tls(
                null,
                null,
                null,
                serverKey.toString(),
                TestCertificates.PASSWORD,
                "PKCS12",
                null,
                trustStore == null ? null : trustStore.toString(),
                TestCertificates.PASSWORD,
                "PKCS12",
                clientAuth,
                List.of("TLSv1.2", "TLSv1.3"));
    }

    private static MqttSettings settings(MqttSettings.Tls tls) {
        MqttSettings base = EmbeddedBroker.settings();
        return new MqttSettings(
                new MqttSettings.Listeners(
                        new MqttSettings.Listener(false, "127.0.0.1", 0, null),
                        new MqttSettings.Listener(false, "127.0.0.1", 0, "/mqtt"),
                        new MqttSettings.Listener(true, "127.0.0.1", 0, null),
                        new MqttSettings.Listener(true, "127.0.0.1", 0, "/mqtt")),
                base.connectTimeout(),
                base.maxPacketSize(),
                base.maxClientIdLength(),
                base.maxKeepAlive(),
                base.receiveMaximum(),
                base.maxInflightOutbound(),
                base.maxQueuedMessages(),
                base.topicAliasMaximum(),
                base.maxSessionExpiry(),
                true,
                false,
                tls,
                base.netty());
    }

    private org.eclipse.paho.client.mqttv3.MqttClient pahoOverTls(MqttServer target, String id, Path key)
            throws Exception {
        var client = new org.eclipse.paho.client.mqttv3.MqttClient(
                "ssl://127.0.0.1:" + target.boundPorts().get("tls"), id, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setSocketFactory(
                TestCertificates.clientContext(clientTrust, key).getSocketFactory());
        options.setHttpsHostnameVerificationEnabled(false);
        options.setConnectionTimeout(10);
        client.connect(options);
        return client;
    }

    @Test
    void pahoRoundTripOverTls() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        var subscriber = pahoOverTls(server, "tls-sub", null);
        subscriber.subscribe("secure/t", 1, (t, m) -> received.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
        var publisher = pahoOverTls(server, "tls-pub", null);
        publisher.publish("secure/t", "encrypted".getBytes(StandardCharsets.UTF_8), 1, false);
        assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("encrypted");
        publisher.disconnect();
        subscriber.disconnect();
    }

    @Test
    void hiveMqRoundTripOverSecureWebSocket() throws Exception {
        Mqtt5BlockingClient client = MqttClient.builder()
                .useMqttVersion5()
                .identifier("wss-client")
                .serverHost("127.0.0.1")
                .serverPort(server.boundPorts().get("wss"))
                .sslConfig()
                .trustManagerFactory(TestCertificates.trustManagers(clientTrust))
                .hostnameVerifier((host, session) -> true)
                .applySslConfig()
                .webSocketConfig()
                .serverPath("mqtt")
                .applyWebSocketConfig()
                .buildBlocking();
        client.connect();
        try (var publishes = client.publishes(MqttGlobalPublishFilter.ALL)) {
            client.subscribeWith()
                    .topicFilter("wss/t")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .send();
            client.publishWith()
                    .topic("wss/t")
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload("over-wss".getBytes())
                    .send();
            assertThat(publishes.receive(10, TimeUnit.SECONDS).orElseThrow().getPayloadAsBytes())
                    .isEqualTo("over-wss".getBytes());
        }
        client.disconnect();
    }

    @Test
    void requiredClientCertificateMustBeTrusted() throws Exception {
        var trusted = pahoOverTls(mutualTls, "mtls-ok", trustedClientKey);
        assertThat(trusted.isConnected()).isTrue();
        trusted.disconnect();

        assertThatThrownBy(() -> pahoOverTls(mutualTls, "mtls-none", null)).isInstanceOf(MqttException.class);
        assertThatThrownBy(() -> pahoOverTls(mutualTls, "mtls-stranger", untrustedClientKey))
                .as("same CN, but not signed by a trusted key")
                .isInstanceOf(MqttException.class);
    }

    @Test
    void missingKeyMaterialFailsWithTheSettingToFix() {
        MqttSettings.Tls empty = EmbeddedBroker.noTls();
        assertThatThrownBy(() -> TlsContextFactory.create(empty)).hasMessageContaining("LISTENER_SSL_KEY_STORE");
    }

    @Test
    void plainTextClientOnTheTlsPortIsRefused() throws Exception {
        var client = new org.eclipse.paho.client.mqttv3.MqttClient(
                "tcp://127.0.0.1:" + server.boundPorts().get("tls"), "plain-on-tls", new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(5);
        assertThatThrownBy(() -> client.connect(options)).isInstanceOf(MqttException.class);
    }
}
