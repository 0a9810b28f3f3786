package io.relaymq.broker.api.reset;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ResetTokensTest {

    private final ResetTokens tokens = new ResetTokens(new SecureRandom(), Duration.ofHours(1));

    @Test
    void aTokenCarries256RandomBitsInUrlSafeCharacters() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            ResetTokens.Issued issued = tokens.issue(0);
            assertThat(issued.token()).matches("[A-Za-z0-9_-]{43}");
            assertThat(ResetTokens.wellFormed(issued.token())).isTrue();
            seen.add(issued.token());
        }
        assertThat(seen).hasSize(1000);
    }

    @Test
    void onlyTheHashIsStoredAndItIsTheTokensSha256() {
        ResetTokens.Issued issued = tokens.issue(0);

        assertThat(issued.hash()).isEqualTo(ResetTokens.hash(issued.token())).matches("[0-9a-f]{64}");
        assertThat(issued.hash()).doesNotContain(issued.token());
        assertThat(ResetTokens.hash("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(issued.toString()).doesNotContain(issued.token());
    }

    @Test
    void aTokenExpiresTheTtlAfterItsIssue() {
        assertThat(tokens.issue(1_000).expiresTime()).isEqualTo(1_000 + 3_600_000);
        assertThat(new ResetTokens(new SecureRandom(), Duration.ofSeconds(10)).expiry(5))
                .isEqualTo(10_005);
    }

    @Test
    void anythingButAnIssuedShapeIsRefusedUnlookedUp() {
        assertThat(ResetTokens.wellFormed(null)).isFalse();
        assertThat(ResetTokens.wellFormed("")).isFalse();
        assertThat(ResetTokens.wellFormed("a".repeat(42))).isFalse();
        assertThat(ResetTokens.wellFormed("a".repeat(44))).isFalse();
        assertThat(ResetTokens.wellFormed("a".repeat(42) + "=")).isFalse();
        assertThat(ResetTokens.wellFormed("a".repeat(42) + "/")).isFalse();
        assertThat(ResetTokens.wellFormed("a".repeat(42) + "-")).isTrue();
    }
}
