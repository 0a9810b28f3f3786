package io.relaymq.broker.auth.provider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimNames;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.CredentialsJson;
import java.net.MalformedURLException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.text.ParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.crypto.spec.SecretKeySpec;

/**
 * JWT: the MQTT password is a signed JWT. Its signature is checked with an HMAC secret, a PEM public key
 * or the keys of a JWKS URL; {@code exp} is required (unless the provider allows tokens without it) and
 * {@code exp} and {@code nbf} are enforced (60 s clock skew); {@code iss} and {@code aud} are checked when
 * configured; configured claims must match, and an absent claim or CONNECT value never matches. Client type
 * and rules come from claims or from the configured defaults. A password that is not a JWT is left to the
 * next provider.
 */
public final class JwtAuthProvider implements AuthProvider {

    private record Verifier(JwtConfig config, DefaultJWTProcessor<SecurityContext> processor) {}

    private volatile Verifier verifier;

    @Override
    public AuthProviderType type() {
        return AuthProviderType.JWT;
    }

    @Override
    public void configure(String configurationJson) {
        if (configurationJson == null
                || configurationJson.isBlank()
                || configurationJson.strip().equals("{}")) {
            verifier = null;
            return;
        }
        JwtConfig config = CredentialsJson.read(configurationJson, JwtConfig.class);
        AclRules.validate(config.authRules());
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(keySelector(config));
        processor.setJWTClaimsSetVerifier(claimsVerifier(config));
        verifier = new Verifier(config, processor);
    }

    /** Requires {@code exp} unless allowed otherwise, and the configured issuer and audience. */
    private static DefaultJWTClaimsVerifier<SecurityContext> claimsVerifier(JwtConfig config) {
        Set<String> required = new HashSet<>();
        if (!config.allowTokensWithoutExpiry()) {
            required.add(JWTClaimNames.EXPIRATION_TIME);
        }
        JWTClaimsSet.Builder exact = new JWTClaimsSet.Builder();
        if (config.issuer() != null) {
            required.add(JWTClaimNames.ISSUER);
            exact.issuer(config.issuer());
        }
        Set<String> audiences = config.audience() == null ? null : Set.of(config.audience());
        if (audiences != null) {
            required.add(JWTClaimNames.AUDIENCE);
        }
        return new DefaultJWTClaimsVerifier<>(audiences, exact.build(), required, null);
    }

    private static JWSKeySelector<SecurityContext> keySelector(JwtConfig config) {
        String algorithm = config.algorithm() == null ? "" : config.algorithm();
        switch (algorithm) {
            case "HMAC_BASED" -> {
                byte[] secret = require(config.secret(), "secret").getBytes(StandardCharsets.UTF_8);
                if (secret.length < 32) {
                    throw new IllegalArgumentException("the HMAC secret must have at least 32 bytes");
                }
                return fixedKey(JWSAlgorithm.Family.HMAC_SHA, new SecretKeySpec(secret, "HmacSHA256"));
            }
            case "PEM_KEY" -> {
                return fixedKey(asymmetric(), PemPublicKeys.parse(require(config.publicPemKey(), "publicPemKey")));
            }
            case "JWKS" -> {
                return new JWSVerificationKeySelector<>(asymmetric(), jwks(require(config.jwksUrl(), "jwksUrl")));
            }
            default -> throw new IllegalArgumentException("algorithm must be HMAC_BASED, PEM_KEY or JWKS");
        }
    }

    /** One configured key for every token of these algorithms, whatever key id the token names. */
    private static JWSKeySelector<SecurityContext> fixedKey(Set<JWSAlgorithm> algorithms, Key key) {
        return (header, context) -> algorithms.contains(header.getAlgorithm()) ? List.of(key) : List.of();
    }

    private static JWKSource<SecurityContext> jwks(String url) {
        try {
            return JWKSourceBuilder.<SecurityContext>create(URI.create(url).toURL())
                    .retrying(true)
                    .build();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("jwksUrl is not a URL: " + url);
        }
    }

    private static Set<JWSAlgorithm> asymmetric() {
        Set<JWSAlgorithm> all = new HashSet<>(JWSAlgorithm.Family.RSA);
        all.addAll(JWSAlgorithm.Family.EC);
        return all;
    }

    private static String require(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        Verifier current = verifier;
        if (current == null || !request.hasPassword()) {
            return Optional.empty();
        }
        SignedJWT jwt;
        try {
            if (!(JWTParser.parse(new String(request.password(), StandardCharsets.UTF_8))
                    instanceof SignedJWT signed)) {
                return Optional.empty();
            }
            jwt = signed;
        } catch (ParseException notAJwt) {
            return Optional.empty();
        }
        try {
            JWTClaimsSet claims = current.processor().process(jwt, null);
            return Optional.of(check(request, current.config(), claims));
        } catch (BadJOSEException | JOSEException e) {
            return Optional.of(AuthOutcome.refused(ConnectReject.BAD_CREDENTIALS, "JWT rejected: " + e.getMessage()));
        }
    }

    private AuthOutcome check(AuthRequest request, JwtConfig config, JWTClaimsSet claims) {
        PlaceholderValues values = request.placeholderValues();
        for (Map.Entry<String, String> required : config.authClaims().entrySet()) {
            Optional<String> expected = values.expand(required.getValue());
            if (expected.isEmpty() || !expected.get().equals(claimText(claims, required.getKey()))) {
                return AuthOutcome.refused(
                        ConnectReject.NOT_AUTHORIZED, "JWT claim '" + required.getKey() + "' does not match");
            }
        }
        boolean application = !config.clientTypeClaims().isEmpty()
                && config.clientTypeClaims().entrySet().stream()
                        .allMatch(e -> e.getValue().equals(claimText(claims, e.getKey())));
        ClientType clientType = application ? ClientType.APPLICATION : config.defaultClientType();
        AuthRules rules = new AuthRules(
                listClaim(claims, config.pubRulesClaim())
                        .orElse(config.authRules().pubAuthRulePatterns()),
                listClaim(claims, config.subRulesClaim())
                        .orElse(config.authRules().subAuthRulePatterns()));
        String subject = claims.getSubject() != null ? claims.getSubject() : request.username();
        return AuthOutcome.granted(
                new ClientGrant(clientType, null, null, type().name(), subject, values, AclRules.of(rules, values)));
    }

    /** The claim as text, or null when the token does not have it (null never equals a configured value). */
    private static String claimText(JWTClaimsSet claims, String name) {
        Object value = claims.getClaim(name);
        return value == null ? null : String.valueOf(value);
    }

    private static Optional<List<String>> listClaim(JWTClaimsSet claims, String name) {
        if (name == null || claims.getClaim(name) == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(claims.getStringListClaim(name));
        } catch (ParseException notAList) {
            return Optional.of(List.of());
        }
    }
}
