package io.relaymq.broker.security;

import static io.relaymq.broker.security.TestJwts.connect;
import static io.relaymq.broker.security.TestJwts.provider;
import static io.relaymq.broker.security.TestJwts.token;
import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.mqtt.ConnectReject;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

/**
 * Finding 5 of issue #18: a JWT without {@code exp} was accepted and so never expired. It is refused
 * unless the provider is set to {@code allowTokensWithoutExpiry}.
 */
class JwtWithoutExpiryTest {

    @Test
    void aTokenWithoutExpiryIsRefusedByDefault() throws Exception {
        AuthOutcome outcome = connect(provider(""), "sensor-1", "sensor-1", token(b -> b.subject("sensor-1")));

        assertThat(outcome.isGranted()).isFalse();
        assertThat(outcome.reject()).isEqualTo(ConnectReject.BAD_CREDENTIALS);
        assertThat(outcome.reason()).contains("exp");
    }

    @Test
    void aTokenWithExpiryIsStillAccepted() throws Exception {
        String token = token(b ->
                b.subject("sensor-1").expirationTime(Date.from(Instant.now().plusSeconds(300))));

        assertThat(connect(provider(""), "sensor-1", "sensor-1", token).isGranted())
                .isTrue();
    }

    @Test
    void theOperatorMayAllowTokensWithoutExpiry() throws Exception {
        AuthOutcome outcome = connect(
                provider(",\"allowTokensWithoutExpiry\":true"),
                "sensor-1",
                "sensor-1",
                token(b -> b.subject("sensor-1")));

        assertThat(outcome.isGranted()).isTrue();
    }
}
