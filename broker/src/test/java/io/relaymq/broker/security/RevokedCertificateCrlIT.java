package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.support.TestTlsMaterial;
import io.relaymq.broker.transport.MqttServer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.UUID;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 4 of issue #18: revocation was never checked, so a revoked client certificate kept working.
 * The test node checks client certificates against a CRL file (TestTlsMaterial) it reads again every
 * second; once a certificate is listed there, its CONNECT is refused: 5.0 CONNACK 0x87 Not authorized,
 * 3.1.1 CONNACK 0x05 Connection Refused, not authorized.
 */
@RelayMqNodeTest
class RevokedCertificateCrlIT {

    @Autowired
    MqttServer server;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    @Test
    void aRevokedCertificateIsRefusedOnceItIsInTheCrl() throws Exception {
        TestPki.Identity device = TestPki.client("crl-device-" + UUID.randomUUID(), TestTlsMaterial.clientCa());
        // the first TLS handshake of a fresh test JVM on a loaded machine can outlast the node's 3 s CONNECT timeout
        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .until(() -> connect5(device) == Mqtt5ConnAckReasonCode.SUCCESS);

        TestTlsMaterial.revoke(device.certificate());

        await().atMost(Duration.ofSeconds(20)).until(() -> connect5(device) == Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        MqttException refused311 = catchThrowableOfType(() -> connect311(device), MqttException.class);
        assertThat(refused311.getReasonCode()).isEqualTo(MqttException.REASON_CODE_NOT_AUTHORIZED);
    }

    @Test
    void anotherCertificateOfTheSameCaStillConnects() throws Exception {
        TestPki.Identity revoked = TestPki.client("crl-revoked-" + UUID.randomUUID(), TestTlsMaterial.clientCa());
        TestTlsMaterial.revoke(revoked.certificate());
        TestPki.Identity good = TestPki.client("crl-good-" + UUID.randomUUID(), TestTlsMaterial.clientCa());

        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .until(() -> connect5(good) == Mqtt5ConnAckReasonCode.SUCCESS);
        await().atMost(Duration.ofSeconds(20)).until(() -> connect5(revoked) == Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        assertThat(connect5(good)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
    }

    private Mqtt5ConnAckReasonCode connect5(TestPki.Identity identity) throws Exception {
        return AuthClients.connect(
                clients.v5("crl-" + UUID.randomUUID(), server.boundPorts().get("tls"), AuthClients.tls(identity)),
                null,
                null);
    }

    private void connect311(TestPki.Identity identity) throws Exception {
        MqttClient client = new MqttClient(
                "ssl://127.0.0.1:" + server.boundPorts().get("tls"),
                "crl311-" + UUID.randomUUID(),
                new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setSocketFactory(sslContext(identity).getSocketFactory());
        options.setHttpsHostnameVerificationEnabled(false);
        try {
            client.connect(options);
            client.disconnect();
        } finally {
            client.close();
        }
    }

    private static SSLContext sslContext(TestPki.Identity identity) throws Exception {
        KeyStore serverStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(TestTlsMaterial.keyStore())) {
            serverStore.load(in, TestTlsMaterial.PASSWORD.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(serverStore);
        Path file = Files.createTempFile("client-", ".p12");
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(identity.keyStore(file))) {
            keyStore.load(in, TestPki.PASSWORD.toCharArray());
        }
        Files.delete(file);
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keyStore, TestPki.PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }
}
