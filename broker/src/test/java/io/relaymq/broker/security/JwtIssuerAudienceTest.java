package io.relaymq.broker.security;

import static io.relaymq.broker.security.TestJwts.connect;
import static io.relaymq.broker.security.TestJwts.provider;
import static io.relaymq.broker.security.TestJwts.token;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jwt.JWTClaimsSet;
import io.relaymq.broker.auth.provider.JwtAuthProvider;
import io.relaymq.broker.mqtt.ConnectReject;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Finding 5 of issue #18: there was no issuer or audience check, so a token another service signed with
 * the same key (or for another audience) was accepted. Both are optional provider settings.
 */
class JwtIssuerAudienceTest {

    private static final Date IN_FIVE_MINUTES = Date.from(Instant.now().plusSeconds(300));
    private final JwtAuthProvider provider = provider(",\"issuer\":\"https://idp.example\",\"audience\":\"relaymq\"");

    private boolean granted(UnaryOperator<JWTClaimsSet.Builder> claims) throws Exception {
        return connect(provider, "sensor-1", "sensor-1", token(b -> claims.apply(b.expirationTime(IN_FIVE_MINUTES))))
                .isGranted();
    }

    @Test
    void theConfiguredIssuerAndAudienceAreAccepted() throws Exception {
        assertThat(granted(b -> b.issuer("https://idp.example").audience("relaymq")))
                .isTrue();
        assertThat(granted(b -> b.issuer("https://idp.example").audience(List.of("billing", "relaymq"))))
                .isTrue();
    }

    @Test
    void anotherIssuerIsRefused() throws Exception {
        var outcome = connect(
                provider,
                "sensor-1",
                "sensor-1",
                token(b -> b.issuer("https://evil.example").audience("relaymq").expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.isGranted()).isFalse();
        assertThat(outcome.reject()).isEqualTo(ConnectReject.BAD_CREDENTIALS);
    }

    @Test
    void aMissingIssuerIsRefused() throws Exception {
        assertThat(granted(b -> b.audience("relaymq"))).isFalse();
    }

    @Test
    void anotherOrMissingAudienceIsRefused() throws Exception {
        assertThat(granted(b -> b.issuer("https://idp.example").audience("billing")))
                .isFalse();
        assertThat(granted(b -> b.issuer("https://idp.example"))).isFalse();
    }

    @Test
    void withoutTheSettingsAnyIssuerAndAudiencePass() throws Exception {
        var open = provider("");
        var outcome = connect(
                open,
                "sensor-1",
                "sensor-1",
                token(b -> b.issuer("anyone").audience("anything").expirationTime(IN_FIVE_MINUTES)));

        assertThat(outcome.isGranted()).isTrue();
    }
}
