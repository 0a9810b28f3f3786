package io.relaymq.broker.auth;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.auth.http.*}: node limits of the HTTP auth provider (its endpoint, timeout, cache and fail
 * mode are the provider's configuration, set through the admin API).
 *
 * @param maxResponseSize the largest answer read from the endpoint, in bytes; a larger one counts as the
 *                        endpoint being down
 * @param threads         threads of the HTTP client (they only send, receive and parse; the calls are asynchronous)
 */
@Validated
@ConfigurationProperties("relaymq.auth.http")
public record HttpAuthProperties(
        @Min(1024) @Max(1_048_576) int maxResponseSize,
        @Min(1) @Max(64) int threads) {}
