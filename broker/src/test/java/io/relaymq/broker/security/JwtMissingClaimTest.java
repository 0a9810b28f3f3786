package io.relaymq.broker.security;

import static io.relaymq.broker.security.TestJwts.connect;
import static io.relaymq.broker.security.TestJwts.provider;
import static io.relaymq.broker.security.TestJwts.token;
import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

/**
 * Finding 5 of issue #18: an absent claim and an absent user name both became the string "null", so
 * they matched each other (and a configured "null"). An absent value now never matches any rule.
 */
class JwtMissingClaimTest {

    private static final Date IN_FIVE_MINUTES = Date.from(Instant.now().plusSeconds(300));

    @Test
    void aTokenWithoutTheClaimDoesNotMatchAConnectWithoutUserName() throws Exception {
        var provider = provider(",\"authClaims\":{\"sub\":\"${username}\"}");

        AuthOutcome outcome = connect(provider, "sensor-1", null, token(b -> b.expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.isGranted()).isFalse();
        assertThat(outcome.reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
    }

    @Test
    void aConnectWithoutUserNameDoesNotMatchTheLiteralNull() throws Exception {
        var provider = provider(",\"authClaims\":{\"sub\":\"${username}\"}");

        AuthOutcome outcome =
                connect(provider, "sensor-1", null, token(b -> b.subject("null").expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.isGranted()).isFalse();
    }

    @Test
    void anAbsentClaimDoesNotMatchAConfiguredNull() throws Exception {
        var provider = provider(",\"authClaims\":{\"tenant\":\"null\"}");

        assertThat(connect(provider, "sensor-1", "u", token(b -> b.expirationTime(IN_FIVE_MINUTES)))
                        .isGranted())
                .isFalse();
    }

    @Test
    void anAbsentClaimDoesNotMakeTheClientAnApplication() throws Exception {
        var provider = provider(",\"clientTypeClaims\":{\"role\":\"null\"}");

        AuthOutcome outcome = connect(provider, "sensor-1", "u", token(b -> b.expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.grant().clientType()).isEqualTo(ClientType.DEVICE);
    }

    @Test
    void presentMatchingValuesStillMatch() throws Exception {
        var provider =
                provider(",\"authClaims\":{\"sub\":\"${username}\"},\"clientTypeClaims\":{\"role\":\"backend\"}");

        AuthOutcome outcome = connect(
                provider,
                "sensor-1",
                "alice",
                token(b -> b.subject("alice").claim("role", "backend").expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.isGranted()).isTrue();
        assertThat(outcome.grant().clientType()).isEqualTo(ClientType.APPLICATION);
    }
}
