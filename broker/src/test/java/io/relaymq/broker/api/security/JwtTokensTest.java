package io.relaymq.broker.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.api.ApiPrincipal;
import io.relaymq.broker.api.ApiProperties;
import io.relaymq.dao.admin.AdminUser;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JwtTokensTest {

    private static final byte[] KEY = new byte[64];
    private static final ApiProperties.Jwt SETTINGS =
            new ApiProperties.Jwt("", Duration.ofMinutes(10), Duration.ofHours(1), "relaymq");
    private final AdminUser user = new AdminUser(UUID.randomUUID(), 0, "a@b.c", "A", "B", "SYS_ADMIN", "hash", true, 3);

    static {
        Arrays.fill(KEY, (byte) 7);
    }

    private static JwtTokens at(Instant now, byte[] key) {
        return new JwtTokens(key, SETTINGS, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void anAccessTokenNamesItsUserAndAuthority() {
        JwtTokens tokens = at(Instant.now(), KEY);
        ApiPrincipal principal =
                tokens.verifyAccess(tokens.issue(user, UUID.randomUUID()).token());
        assertThat(principal).isEqualTo(new ApiPrincipal(user.id(), "a@b.c", "SYS_ADMIN", 3));
    }

    @Test
    void accessAndRefreshTokensAreNotInterchangeable() {
        JwtTokens tokens = at(Instant.now(), KEY);
        UUID refreshId = UUID.randomUUID();
        JwtTokens.TokenPair pair = tokens.issue(user, refreshId);
        assertThat(tokens.verifyRefresh(pair.refreshToken()))
                .isEqualTo(new JwtTokens.RefreshClaims(refreshId, user.id(), 3));
        assertThatThrownBy(() -> tokens.verifyAccess(pair.refreshToken()))
                .hasMessage("a refresh token is not an access token");
        assertThatThrownBy(() -> tokens.verifyRefresh(pair.token())).hasMessage("not a refresh token");
    }

    @Test
    void expiredForgedAndForeignTokensAreRefused() {
        Instant now = Instant.now();
        String token = at(now, KEY).issue(user, UUID.randomUUID()).token();
        assertThatThrownBy(() -> at(now.plus(Duration.ofMinutes(11)), KEY).verifyAccess(token))
                .hasMessage("token expired");
        byte[] otherKey = KEY.clone();
        otherKey[0] = 8;
        assertThatThrownBy(() -> at(now, otherKey).verifyAccess(token)).hasMessage("invalid token signature");
        JwtTokens otherIssuer = new JwtTokens(
                KEY,
                new ApiProperties.Jwt("", Duration.ofMinutes(10), Duration.ofHours(1), "someone-else"),
                Clock.systemUTC());
        assertThatThrownBy(() -> at(now, KEY)
                        .verifyAccess(otherIssuer.issue(user, UUID.randomUUID()).token()))
                .hasMessage("token from another issuer");
        String unsigned = token.substring(0, token.lastIndexOf('.') + 1);
        assertThatThrownBy(() -> at(now, KEY).verifyAccess(unsigned)).isInstanceOf(BadTokenException.class);
    }

    @Test
    void aShortKeyIsRefused() {
        assertThatThrownBy(
                        () -> new JwtTokens(new byte[16], SETTINGS, Clock.systemUTC()).issue(user, UUID.randomUUID()))
                .isInstanceOf(RuntimeException.class);
    }
}
