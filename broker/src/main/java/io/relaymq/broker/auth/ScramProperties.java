package io.relaymq.broker.auth;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.auth.scram.*}: SCRAM enhanced authentication.
 *
 * @param iterations the PBKDF2 iteration count new SCRAM keys are derived with (4096 to 100000; 4096 is
 *                   RFC 7677's minimum), also the count an unknown user name is answered with
 */
@Validated
@ConfigurationProperties("relaymq.auth.scram")
public record ScramProperties(@Min(4096) @Max(100_000) int iterations) {}
