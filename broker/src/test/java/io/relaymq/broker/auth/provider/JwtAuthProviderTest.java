package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** JWT passwords: signatures (HMAC, PEM key, JWKS), expiry, claim checks, client type and rules from claims. */
class JwtAuthProviderTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef-test-secret";

    private final JwtAuthProvider provider = new JwtAuthProvider();

    private static String token(JWSSigner signer, JWSAlgorithm alg, UnaryOperator<JWTClaimsSet.Builder> claims)
            throws Exception {
        JWTClaimsSet.Builder builder = new JWTClaimsSet.Builder()
                .subject("sensor-1")
                .expirationTime(Date.from(Instant.now().plusSeconds(600)));
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(alg).keyID("k1").build(),
                claims.apply(builder).build());
        jwt.sign(signer);
        return jwt.serialize();
    }

    private static String hmac(UnaryOperator<JWTClaimsSet.Builder> claims) throws Exception {
        return token(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)), JWSAlgorithm.HS256, claims);
    }

    private Optional<AuthOutcome> connect(String clientId, String password) {
        return provider.authenticate(new AuthRequest(
                clientId,
                "user",
                password == null ? null : password.getBytes(StandardCharsets.UTF_8),
                "127.0.0.1",
                false,
                List.of()));
    }

    private void hmacConfig(String extra) {
        provider.configure("{\"algorithm\":\"HMAC_BASED\",\"secret\":\"" + SECRET + "\"" + extra + "}");
    }

    @Test
    void aValidHmacTokenIsGrantedWithTheDefaults() throws Exception {
        hmacConfig("");
        AuthOutcome outcome = connect("sensor-1", hmac(b -> b)).orElseThrow();
        assertThat(outcome.isGranted()).isTrue();
        assertThat(outcome.grant().clientType()).isEqualTo(ClientType.DEVICE);
        assertThat(outcome.grant().mayPublish("anything")).isTrue();
        assertThat(outcome.grant().method()).isEqualTo("JWT");
    }

    @Test
    void aForgedTokenIsRefused() throws Exception {
        hmacConfig("");
        String forged = token(
                new MACSigner("another-secret-of-at-least-32-bytes!!".getBytes(StandardCharsets.UTF_8)),
                JWSAlgorithm.HS256,
                b -> b);
        assertThat(connect("sensor-1", forged))
                .get()
                .satisfies(o -> assertThat(o.reject()).isEqualTo(ConnectReject.BAD_CREDENTIALS));

        String[] parts = hmac(b -> b).split("\\.");
        String tampered = parts[0] + "."
                + Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString("{\"sub\":\"admin\",\"exp\":9999999999}".getBytes(StandardCharsets.UTF_8))
                + "." + parts[2];
        assertThat(connect("sensor-1", tampered))
                .get()
                .satisfies(o -> assertThat(o.isGranted()).isFalse());

        String unsigned = parts[0].replace(
                        parts[0],
                        Base64.getUrlEncoder()
                                .withoutPadding()
                                .encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)))
                + "." + parts[1] + ".";
        assertThat(connect("sensor-1", unsigned).map(AuthOutcome::isGranted)).isNotEqualTo(Optional.of(true));
    }

    @Test
    void anExpiredOrNotYetValidTokenIsRefused() throws Exception {
        hmacConfig("");
        String expired = hmac(b -> b.expirationTime(Date.from(Instant.now().minusSeconds(3600))));
        assertThat(connect("sensor-1", expired)).get().satisfies(o -> {
            assertThat(o.reject()).isEqualTo(ConnectReject.BAD_CREDENTIALS);
            assertThat(o.reason()).contains("xpired");
        });
        String early = hmac(b -> b.notBeforeTime(Date.from(Instant.now().plusSeconds(3600))));
        assertThat(connect("sensor-1", early))
                .get()
                .satisfies(o -> assertThat(o.isGranted()).isFalse());
    }

    @Test
    void configuredClaimsMustMatchWithPlaceholders() throws Exception {
        hmacConfig(",\"authClaims\":{\"sub\":\"${clientId}\",\"iss\":\"factory\"}");
        assertThat(connect("sensor-1", hmac(b -> b.issuer("factory")))
                        .orElseThrow()
                        .isGranted())
                .isTrue();
        assertThat(connect("sensor-2", hmac(b -> b.issuer("factory")))
                        .orElseThrow()
                        .reject())
                .isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(connect("sensor-1", hmac(b -> b.issuer("elsewhere")))
                        .orElseThrow()
                        .isGranted())
                .isFalse();
    }

    @Test
    void clientTypeAndRulesComeFromClaims() throws Exception {
        hmacConfig(
                ",\"clientTypeClaims\":{\"role\":\"backend\"},\"pubRulesClaim\":\"pub\",\"subRulesClaim\":\"sub_rules\","
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\"default/.*\"],\"subAuthRulePatterns\":[]}");
        AuthOutcome app = connect(
                        "sensor-1", hmac(b -> b.claim("role", "backend").claim("pub", List.of("out/.*"))))
                .orElseThrow();
        assertThat(app.grant().clientType()).isEqualTo(ClientType.APPLICATION);
        assertThat(app.grant().mayPublish("out/1")).isTrue();
        assertThat(app.grant().mayPublish("default/1")).isFalse();
        assertThat(app.grant().maySubscribe("x")).isFalse();

        AuthOutcome device =
                connect("sensor-1", hmac(b -> b.claim("role", "sensor"))).orElseThrow();
        assertThat(device.grant().clientType()).isEqualTo(ClientType.DEVICE);
        assertThat(device.grant().mayPublish("default/1")).isTrue();
    }

    @Test
    void aPasswordThatIsNoJwtIsLeftToTheNextProvider() {
        hmacConfig("");
        assertThat(connect("sensor-1", "plain password")).isEmpty();
        assertThat(connect("sensor-1", null)).isEmpty();
    }

    @Test
    void rsaTokensAreCheckedWithAPemPublicKey() throws Exception {
        KeyPair keys = rsa();
        String pem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(keys.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----";
        provider.configure("{\"algorithm\":\"PEM_KEY\",\"publicPemKey\":\""
                + pem.replace("\n", "\\n").replace("\r", "") + "\"}");
        String good = token(new RSASSASigner((RSAPrivateKey) keys.getPrivate()), JWSAlgorithm.RS256, b -> b);
        assertThat(connect("sensor-1", good).orElseThrow().isGranted()).isTrue();
        String other = token(new RSASSASigner((RSAPrivateKey) rsa().getPrivate()), JWSAlgorithm.RS256, b -> b);
        assertThat(connect("sensor-1", other).orElseThrow().isGranted()).isFalse();
        // an HMAC token signed with the public key as secret must not pass (algorithm confusion)
        String confused = token(new MACSigner(keys.getPublic().getEncoded()), JWSAlgorithm.HS256, b -> b);
        assertThat(connect("sensor-1", confused).orElseThrow().isGranted()).isFalse();
    }

    @Test
    void tokensAreCheckedWithTheKeysOfAJwksUrl() throws Exception {
        KeyPair keys = rsa();
        String jwks = new JWKSet(new RSAKey.Builder((RSAPublicKey) keys.getPublic())
                        .keyID("k1")
                        .build())
                .toString();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/jwks.json", exchange -> {
            byte[] body = jwks.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            provider.configure("{\"algorithm\":\"JWKS\",\"jwksUrl\":\"http://127.0.0.1:"
                    + server.getAddress().getPort() + "/jwks.json\"}");
            String good = token(new RSASSASigner((RSAPrivateKey) keys.getPrivate()), JWSAlgorithm.RS256, b -> b);
            assertThat(connect("sensor-1", good).orElseThrow().isGranted()).isTrue();
            String forged = token(new RSASSASigner((RSAPrivateKey) rsa().getPrivate()), JWSAlgorithm.RS256, b -> b);
            assertThat(connect("sensor-1", forged).orElseThrow().isGranted()).isFalse();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void invalidConfigurationsAreRejected() {
        assertThatThrownBy(() -> provider.configure("{\"algorithm\":\"HMAC_BASED\",\"secret\":\"short\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> provider.configure("{\"algorithm\":\"PEM_KEY\",\"publicPemKey\":\"not a key\"}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> provider.configure("{\"algorithm\":\"MAGIC\"}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> provider.configure("{not json")).isInstanceOf(IllegalArgumentException.class);
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }
}
