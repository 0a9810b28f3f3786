package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClientSslConfig;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.support.TestTlsMaterial;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 4 of issue #18: with two trusted CAs, a client whose certificate comes from the first CA
 * appended the second CA's certificate to the chain it presented, and got the credentials of the second
 * CA's CN. Names are now read from the validated certification path (client certificate first, then the
 * issuers that really signed it), never from extra certificates in the presented chain.
 */
@RelayMqNodeTest
class X509AppendedAnchorIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    SessionRegistry sessions;

    private final AuthClients clients = new AuthClients();
    private MqttClientCredentials secondCaFleet;

    @BeforeEach
    void credentialsForTheSecondCa() {
        String secondCaCn =
                X509AuthProvider.commonName(TestTlsMaterial.secondClientCa().certificate());
        secondCaFleet = credentials.save(
                null,
                "fleet of " + secondCaCn + " " + UUID.randomUUID(),
                ClientType.APPLICATION,
                CredentialsType.SSL,
                "{\"certCnPattern\":\"" + secondCaCn + "\",\"certCnIsRegex\":false," + "\"authRulesMapping\":{}}");
    }

    @AfterEach
    void cleanUp() {
        clients.closeAll();
        credentials.delete(secondCaFleet.id());
    }

    @Test
    void anAppendedTrustedAnchorDoesNotLendItsCredentials() throws Exception {
        TestPki.Identity leaf = TestPki.client("appended-" + UUID.randomUUID(), TestTlsMaterial.clientCa());
        TestPki.Identity presented = new TestPki.Identity(leaf.keys(), new X509Certificate[] {
            leaf.certificate(),
            TestTlsMaterial.clientCa().certificate(),
            TestTlsMaterial.secondClientCa().certificate()
        });
        String clientId = "appended-anchor-" + UUID.randomUUID();

        ClientGrant grant = connectAndGetGrant(clientId, presented);

        assertThat(grant.credentialsId()).isNotEqualTo(secondCaFleet.credentialsId());
        assertThat(grant.clientType()).isEqualTo(ClientType.DEVICE);
    }

    @Test
    void aCertificateReallyIssuedByTheSecondCaStillMatchesItsCredentials() throws Exception {
        TestPki.Identity leaf = TestPki.client("issued-" + UUID.randomUUID(), TestTlsMaterial.secondClientCa());
        String clientId = "second-ca-" + UUID.randomUUID();

        ClientGrant grant = connectAndGetGrant(clientId, leaf);

        assertThat(grant.credentialsId()).isEqualTo(secondCaFleet.credentialsId());
        assertThat(grant.clientType()).isEqualTo(ClientType.APPLICATION);
    }

    private ClientGrant connectAndGetGrant(String clientId, TestPki.Identity identity) throws Exception {
        MqttClientSslConfig tls = tls(identity);
        // the first TLS handshake of a fresh test JVM on a loaded machine can outlast the node's 3 s CONNECT timeout
        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .until(() -> AuthClients.connect(
                                clients.v5(clientId, server.boundPorts().get("tls"), tls), null, null)
                        == Mqtt5ConnAckReasonCode.SUCCESS);
        return sessions.get(clientId).connection().grant();
    }

    /** Like AuthClients.tls, but with a JKS key store: PKCS12 refuses to store a chain that does not link up. */
    private static MqttClientSslConfig tls(TestPki.Identity identity) throws Exception {
        KeyStore serverStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(TestTlsMaterial.keyStore())) {
            serverStore.load(in, TestTlsMaterial.PASSWORD.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(serverStore);
        KeyStore keyStore = KeyStore.getInstance("JKS");
        keyStore.load(null, null);
        keyStore.setKeyEntry("key", identity.keys().getPrivate(), TestPki.PASSWORD.toCharArray(), identity.chain());
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keyStore, TestPki.PASSWORD.toCharArray());
        return MqttClientSslConfig.builder()
                .trustManagerFactory(trust)
                .keyManagerFactory(keys)
                .handshakeTimeout(5, TimeUnit.SECONDS)
                .build();
    }
}
