package io.relaymq.broker.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.api.*}: the admin REST API.
 *
 * @param jwt             how API tokens are signed and how long they live
 * @param firstAdmin      the admin user created when there is none
 * @param login           limits on failed logins
 * @param passwordReset   password reset by e-mail: link lifetime and mail throttling
 * @param corsAllowedOrigins origins browsers may call the API from (empty: no cross-origin calls)
 * @param publicActuator  actuator endpoints served without a token (others need one)
 * @param swaggerEnabled  serve the OpenAPI document and Swagger UI (without a token)
 * @param trustedProxies  addresses or CIDR networks of proxies whose X-Forwarded-For is believed (empty: none)
 * @param mqttsCaCertFile PEM file of the CA certificates devices need for the MQTTS listener (empty: none)
 */
@Validated
@ConfigurationProperties("relaymq.api")
public record ApiProperties(
        @Valid @NotNull Jwt jwt,
        @Valid @NotNull FirstAdmin firstAdmin,
        @Valid @NotNull Login login,
        @Valid @NotNull PasswordReset passwordReset,
        @NotNull List<String> corsAllowedOrigins,
        @NotNull List<String> publicActuator,
        boolean swaggerEnabled,
        @NotNull List<String> trustedProxies,
        String mqttsCaCertFile) {

    /**
     * @param signingKey      base64 HMAC key of at least 64 bytes; empty: one is generated and shared through PostgreSQL
     * @param accessTokenTtl  lifetime of an access token
     * @param refreshTokenTtl lifetime of a refresh token
     * @param issuer          the {@code iss} claim
     */
    public record Jwt(
            String signingKey,
            @NotNull Duration accessTokenTtl,
            @NotNull Duration refreshTokenTtl,
            @NotBlank String issuer) {}

    /**
     * @param email    e-mail (login name) of the first admin
     * @param password its password; empty: a random one is generated and logged once
     */
    public record FirstAdmin(@NotBlank String email, String password) {}

    /**
     * @param maxFailures           failed logins per client address and user name before further attempts
     *                              from that address for that user are refused
     * @param lockDuration          how long those attempts are refused (counted from the last failure)
     * @param maxFailuresPerAddress failed logins per client address, whatever the user name, before every
     *                              attempt from that address is refused
     */
    public record Login(
            @Min(1) int maxFailures,
            @NotNull Duration lockDuration,
            @Min(1) int maxFailuresPerAddress) {}

    /**
     * @param tokenTtl          how long the link in a reset mail works
     * @param mailInterval      at most one reset mail per user within this interval (cluster-wide)
     * @param maxMailsPerMinute reset mails one node sends per minute at most, to all users together
     */
    public record PasswordReset(
            @NotNull Duration tokenTtl,
            @NotNull Duration mailInterval,
            @Min(1) int maxMailsPerMinute) {

        @AssertTrue(message = "token-ttl and mail-interval must be positive")
        public boolean isPositive() {
            return positive(tokenTtl) && positive(mailInterval);
        }

        private static boolean positive(Duration duration) {
            return duration != null && !duration.isNegative() && !duration.isZero();
        }
    }
}
