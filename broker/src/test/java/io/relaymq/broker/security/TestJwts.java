package io.relaymq.broker.security;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.auth.provider.JwtAuthProvider;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;

/** HMAC-signed tokens and CONNECTs for the JWT provider tests. */
final class TestJwts {

    static final String SECRET = "security-test-secret-security-test-secret";

    private TestJwts() {}

    /** A provider with the HMAC secret and the extra JSON members {@code extra} (each starting with a comma). */
    static JwtAuthProvider provider(String extra) {
        JwtAuthProvider provider = new JwtAuthProvider();
        provider.configure("{\"algorithm\":\"HMAC_BASED\",\"secret\":\"" + SECRET + "\"" + extra + "}");
        return provider;
    }

    /** A token with exactly the claims {@code claims} builds (no {@code exp} unless it sets one). */
    static String token(UnaryOperator<JWTClaimsSet.Builder> claims) throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256),
                claims.apply(new JWTClaimsSet.Builder()).build());
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }

    /** The provider's decision for a CONNECT with this client id, user name (null: none) and token as password. */
    static AuthOutcome connect(JwtAuthProvider provider, String clientId, String username, String token) {
        return provider.authenticate(new AuthRequest(
                        clientId, username, token.getBytes(StandardCharsets.UTF_8), "127.0.0.1", false, List.of()))
                .orElseThrow();
    }
}
