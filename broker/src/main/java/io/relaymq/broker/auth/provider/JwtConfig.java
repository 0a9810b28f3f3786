package io.relaymq.broker.auth.provider;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import java.util.Map;

/**
 * The JWT provider's JSON configuration.
 *
 * @param algorithm         HMAC_BASED (shared {@code secret}), PEM_KEY ({@code publicPemKey}, RSA or EC) or JWKS
 *                          ({@code jwksUrl}, keys fetched and refreshed by key id)
 * @param authClaims        claims that must have exactly these values; {@code ${clientId}}, {@code ${username}}
 *                          and {@code ${cn}} stand for the CONNECT's values
 * @param clientTypeClaims  when every one of these claims has the given value the client is an APPLICATION
 * @param defaultClientType the client type otherwise
 * @param pubRulesClaim     claim with the list of publish patterns (the default rules apply when absent)
 * @param subRulesClaim     claim with the list of subscribe patterns (the default rules apply when absent)
 * @param authRules         the default rules
 * @param allowTokensWithoutExpiry whether a token without {@code exp} is accepted (false: refused, so no token
 *                          lives forever)
 * @param issuer            when set, {@code iss} must be exactly this
 * @param audience          when set, {@code aud} must contain this
 */
public record JwtConfig(
        String algorithm,
        String secret,
        String publicPemKey,
        String jwksUrl,
        Map<String, String> authClaims,
        Map<String, String> clientTypeClaims,
        ClientType defaultClientType,
        String pubRulesClaim,
        String subRulesClaim,
        AuthRules authRules,
        Boolean allowTokensWithoutExpiry,
        String issuer,
        String audience) {

    public JwtConfig {
        authClaims = authClaims == null ? Map.of() : Map.copyOf(authClaims);
        clientTypeClaims = clientTypeClaims == null ? Map.of() : Map.copyOf(clientTypeClaims);
        defaultClientType = defaultClientType == null ? ClientType.DEVICE : defaultClientType;
        authRules = authRules == null ? AuthRules.ALLOW_ALL : authRules;
        allowTokensWithoutExpiry = Boolean.TRUE.equals(allowTokensWithoutExpiry);
        issuer = issuer == null || issuer.isBlank() ? null : issuer;
        audience = audience == null || audience.isBlank() ? null : audience;
    }
}
