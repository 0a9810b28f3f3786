package io.relaymq.broker.security;

import static io.relaymq.broker.security.TestJwts.connect;
import static io.relaymq.broker.security.TestJwts.provider;
import static io.relaymq.broker.security.TestJwts.token;
import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.provider.JwtAuthProvider;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

/**
 * Finding 5 of issue #18: {@code ${clientId}} and {@code ${username}} in required claims were replaced
 * one after the other, so a client id containing {@code ${username}} was expanded a second time and a
 * token bound to another value matched. Substitution is now a single pass over the configured value.
 */
class JwtPlaceholderInjectionTest {

    private static final Date IN_FIVE_MINUTES = Date.from(Instant.now().plusSeconds(300));
    private final JwtAuthProvider provider = provider(",\"authClaims\":{\"sub\":\"${clientId}\"}");

    @Test
    void aClientIdContainingAPlaceholderIsTakenLiterally() throws Exception {
        String tokenForVictim = token(b -> b.subject("victim").expirationTime(IN_FIVE_MINUTES));

        assertThat(connect(provider, "${username}", "victim", tokenForVictim).isGranted())
                .isFalse();
    }

    @Test
    void aClientIdEqualToTheLiteralPlaceholderTextMatchesATokenWithThatText() throws Exception {
        String token = token(b -> b.subject("${username}").expirationTime(IN_FIVE_MINUTES));

        assertThat(connect(provider, "${username}", "victim", token).isGranted())
                .isTrue();
    }

    @Test
    void bothPlaceholdersInOneValueAreExpandedOnce() throws Exception {
        var both = provider(",\"authClaims\":{\"sub\":\"${clientId}@${username}\"}");
        String token = token(b -> b.subject("dev-1@alice").expirationTime(IN_FIVE_MINUTES));

        assertThat(connect(both, "dev-1", "alice", token).isGranted()).isTrue();
        assertThat(connect(
                                both,
                                "dev-${username}",
                                "alice",
                                token(b -> b.subject("dev-alice@alice").expirationTime(IN_FIVE_MINUTES)))
                        .isGranted())
                .isFalse();
    }
}
