package io.relaymq.broker.api.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.relaymq.broker.api.ApiPrincipal;
import io.relaymq.broker.api.ApiProperties;
import io.relaymq.dao.admin.AdminUser;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.UUID;

/**
 * Issues and verifies the admin API's tokens: HS512 JWTs with the user's e-mail as subject and its
 * authority as scope. A refresh token has the single scope {@code REFRESH_TOKEN} and is never accepted
 * as an access token; its {@code jti} names its row in {@code admin_refresh_token}. Both carry the user's
 * token version ({@code ver}); whether it is still the user's current one is the caller's check.
 */
public final class JwtTokens {

    public static final String REFRESH_SCOPE = "REFRESH_TOKEN";
    static final String VERSION_CLAIM = "ver";

    /** An access token and the refresh token that gets the next one. */
    public record TokenPair(String token, String refreshToken) {}

    /** What a valid refresh token says: its id, its user and the user's token version when it was issued. */
    public record RefreshClaims(UUID tokenId, UUID userId, long tokenVersion) {}

    private final MACSigner signer;
    private final MACVerifier verifier;
    private final ApiProperties.Jwt settings;
    private final Clock clock;

    public JwtTokens(byte[] signingKey, ApiProperties.Jwt settings, Clock clock) {
        try {
            this.signer = new MACSigner(signingKey);
            this.verifier = new MACVerifier(signingKey);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("unusable JWT signing key: " + e.getMessage(), e);
        }
        this.settings = settings;
        this.clock = clock;
    }

    /** A pair whose refresh token has the id {@code refreshTokenId}. */
    public TokenPair issue(AdminUser user, UUID refreshTokenId) {
        return new TokenPair(
                sign(user, List.of(user.authority()), settings.accessTokenTtl(), UUID.randomUUID()),
                sign(user, List.of(REFRESH_SCOPE), settings.refreshTokenTtl(), refreshTokenId));
    }

    /** When a refresh token issued now expires (epoch millis). */
    public long refreshExpiry() {
        return clock.millis() + settings.refreshTokenTtl().toMillis();
    }

    /** The principal of a valid access token. */
    public ApiPrincipal verifyAccess(String token) {
        JWTClaimsSet claims = verified(token);
        List<String> scopes = scopes(claims);
        if (scopes.isEmpty() || scopes.contains(REFRESH_SCOPE)) {
            throw new BadTokenException("a refresh token is not an access token");
        }
        return new ApiPrincipal(userId(claims), claims.getSubject(), scopes.get(0), version(claims));
    }

    /** The claims of a valid refresh token. */
    public RefreshClaims verifyRefresh(String token) {
        JWTClaimsSet claims = verified(token);
        if (!scopes(claims).equals(List.of(REFRESH_SCOPE))) {
            throw new BadTokenException("not a refresh token");
        }
        UUID id;
        try {
            id = UUID.fromString(claims.getJWTID());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BadTokenException("refresh token without a valid id");
        }
        return new RefreshClaims(id, userId(claims), version(claims));
    }

    private String sign(AdminUser user, List<String> scopes, Duration ttl, UUID id) {
        long now = clock.millis();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(user.email())
                .issuer(settings.issuer())
                .jwtID(id.toString())
                .issueTime(new Date(now))
                .expirationTime(new Date(now + ttl.toMillis()))
                .claim("userId", user.id().toString())
                .claim(VERSION_CLAIM, user.tokenVersion())
                .claim("scopes", scopes)
                .claim("firstName", user.firstName())
                .claim("lastName", user.lastName())
                .claim("enabled", user.enabled())
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS512), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
        return jwt.serialize();
    }

    private JWTClaimsSet verified(String token) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw new BadTokenException("malformed token");
        }
        try {
            if (!JWSAlgorithm.HS512.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                throw new BadTokenException("invalid token signature");
            }
        } catch (JOSEException e) {
            throw new BadTokenException("invalid token signature");
        }
        if (!settings.issuer().equals(claims.getIssuer())) {
            throw new BadTokenException("token from another issuer");
        }
        Date expiry = claims.getExpirationTime();
        if (expiry == null || expiry.getTime() <= clock.millis()) {
            throw new BadTokenException("token expired");
        }
        return claims;
    }

    private static List<String> scopes(JWTClaimsSet claims) {
        try {
            List<String> scopes = claims.getStringListClaim("scopes");
            return scopes == null ? List.of() : scopes;
        } catch (ParseException e) {
            throw new BadTokenException("malformed token scopes");
        }
    }

    private static long version(JWTClaimsSet claims) {
        try {
            Long version = claims.getLongClaim(VERSION_CLAIM);
            if (version == null) {
                throw new BadTokenException("token without a version: log in again");
            }
            return version;
        } catch (ParseException e) {
            throw new BadTokenException("token with a malformed version");
        }
    }

    private static UUID userId(JWTClaimsSet claims) {
        try {
            return UUID.fromString(claims.getStringClaim("userId"));
        } catch (ParseException | IllegalArgumentException | NullPointerException e) {
            throw new BadTokenException("token without a valid userId");
        }
    }
}
