package io.relaymq.broker.auth;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.support.TestTlsMaterial;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** X.509 client certificates on the TLS listener and JWT passwords, with providers switched at runtime. */
@RelayMqNodeTest
class AuthProvidersIT {

    private static final String SECRET = "it-secret-it-secret-it-secret-it-secret";

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    AuthProviderService providers;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private int tlsPort() {
        return server.boundPorts().get("tls");
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private Mqtt5BlockingClient tlsClient(TestPki.Identity identity) throws Exception {
        return clients.v5(unique("tls"), tlsPort(), AuthClients.tls(identity));
    }

    @Test
    void aCertificateOfTheTrustedCaMatchesItsCnAndGetsRulesWithTheCn() throws Exception {
        String cn = unique("meter");
        credentials.save(
                null,
                "meters " + cn,
                ClientType.APPLICATION,
                CredentialsType.SSL,
                "{\"certCnPattern\":\"" + cn
                        + "\",\"certCnIsRegex\":false,\"authRulesMapping\":{\".*\":{\"pubAuthRulePatterns\":[\"meters/${cn}/.*\"],"
                        + "\"subAuthRulePatterns\":[]}}}");
        Mqtt5BlockingClient client = tlsClient(TestPki.client(cn, TestTlsMaterial.clientCa()));
        assertThat(connect(client, null, null)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(client, "meters/" + cn + "/reading")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "meters/someone-else/reading")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void aCnRegexMatchesAFleetOfCertificates() throws Exception {
        String fleet = unique("fleet");
        credentials.save(
                null,
                fleet,
                ClientType.DEVICE,
                CredentialsType.SSL,
                "{\"certCnPattern\":\"" + fleet + "-[0-9]+\",\"certCnIsRegex\":true,\"authRulesMapping\":{}}");
        Mqtt5BlockingClient client = tlsClient(TestPki.client(fleet + "-17", TestTlsMaterial.clientCa()));
        assertThat(connect(client, null, null)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
    }

    /**
     * A certificate from a CA that merely has the trusted CA's name fails the handshake. (A self-signed
     * certificate is not even sent: the client only offers certificates of the issuers the server names;
     * ClientCertificateTrustTest covers its rejection.)
     */
    @Test
    void aCertificateOfALookalikeCaFailsTheHandshake() throws Exception {
        String cn = unique("impostor");
        credentials.save(
                null,
                cn,
                ClientType.DEVICE,
                CredentialsType.SSL,
                "{\"certCnPattern\":\"" + cn + "\",\"certCnIsRegex\":false}");
        TestPki.Identity lookalikeCa = TestPki.ca(TestTlsMaterial.clientCa()
                .certificate()
                .getSubjectX500Principal()
                .getName());
        Mqtt5BlockingClient wrongChain = tlsClient(TestPki.client(cn, lookalikeCa));
        assertThatThrownBy(() -> connect(wrongChain, null, null)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void anExpiredCertificateIsRefusedUnlessValidityChecksAreSwitchedOff() throws Exception {
        String cn = unique("old-meter");
        credentials.save(
                null,
                cn,
                ClientType.DEVICE,
                CredentialsType.SSL,
                "{\"certCnPattern\":\"" + cn + "\",\"certCnIsRegex\":false}");
        Instant now = Instant.now();
        TestPki.Identity expired = TestPki.client(
                cn, TestTlsMaterial.clientCa(), now.minus(Duration.ofDays(3)), now.minus(Duration.ofDays(1)));
        assertThatThrownBy(() -> connect(tlsClient(expired), null, null)).isInstanceOf(RuntimeException.class);
        providers.configure(AuthProviderType.X_509, "{\"skipValidityCheckForClientCert\":true}");
        try {
            await().atMost(Duration.ofSeconds(20))
                    .ignoreExceptions()
                    .until(() -> connect(tlsClient(expired), null, null) == Mqtt5ConnAckReasonCode.SUCCESS);
        } finally {
            providers.configure(AuthProviderType.X_509, "{\"skipValidityCheckForClientCert\":false}");
        }
    }

    @Test
    void jwtPasswordsAreCheckedOnceTheProviderIsOn() throws Exception {
        String clientId = unique("jwt");
        String token = jwt(clientId, SECRET);
        providers.configure(
                AuthProviderType.JWT,
                "{\"algorithm\":\"HMAC_BASED\",\"secret\":\"" + SECRET
                        + "\",\"authClaims\":{\"sub\":\"${clientId}\"},\"authRules\":{\"pubAuthRulePatterns\":[\"jwt/.*\"]}}");
        providers.setEnabled(AuthProviderType.JWT, true);
        try {
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> connect(
                                    clients.v5(clientId, server.boundPorts().get("tcp"), null),
                                    "any",
                                    jwt(clientId, SECRET + "x"))
                            == Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
            Mqtt5BlockingClient client =
                    clients.v5(clientId, server.boundPorts().get("tcp"), null);
            assertThat(connect(client, "any", token)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
            assertThat(publish(client, "jwt/1")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            assertThat(publish(client, "other/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
            // a token issued to another client id does not match the sub claim check
            assertThat(connect(clients.v5(unique("jwt"), server.boundPorts().get("tcp"), null), "any", token))
                    .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        } finally {
            providers.setEnabled(AuthProviderType.JWT, false);
        }
    }

    private static String jwt(String subject, String secret) throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256),
                new JWTClaimsSet.Builder()
                        .subject(subject)
                        .expirationTime(Date.from(Instant.now().plusSeconds(300)))
                        .build());
        jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }
}
