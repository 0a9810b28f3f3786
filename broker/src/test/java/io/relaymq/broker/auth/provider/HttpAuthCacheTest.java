package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP provider's cache key: one client's answer never serves another request. */
class HttpAuthCacheTest {

    private final HttpAuthCache cache = new HttpAuthCache(Duration.ofMinutes(1), 100);

    private String key(String clientId, String user, String password, String cn, String ip) {
        AuthRequest request = new AuthRequest(
                clientId,
                user,
                password == null ? null : password.getBytes(StandardCharsets.UTF_8),
                ip,
                cn != null,
                List.of(),
                5);
        return cache.keyOf(HttpAuthExchange.requestBody(request, cn));
    }

    @Test
    void theSameRequestHasTheSameKey() {
        assertThat(key("c", "u", "p", null, "10.0.0.1")).isEqualTo(key("c", "u", "p", null, "10.0.0.1"));
    }

    @Test
    void everyFieldOfTheRequestIsPartOfTheKey() {
        String base = key("c", "u", "p", "cn", "10.0.0.1");
        assertThat(List.of(
                        key("c", "u", "p2", "cn", "10.0.0.1"),
                        key("c", "u", null, "cn", "10.0.0.1"),
                        key("c2", "u", "p", "cn", "10.0.0.1"),
                        key("c", "u2", "p", "cn", "10.0.0.1"),
                        key("c", null, "p", "cn", "10.0.0.1"),
                        key("c", "u", "p", "cn2", "10.0.0.1"),
                        key("c", "u", "p", "cn", "10.0.0.2")))
                .doesNotContain(base)
                .doesNotHaveDuplicates();
    }

    @Test
    void fieldBoundariesCannotBeShifted() {
        assertThat(key("ab", "c", "p", null, "ip")).isNotEqualTo(key("a", "bc", "p", null, "ip"));
        assertThat(key("a", "b", "cp", null, "ip")).isNotEqualTo(key("a", "bc", "p", null, "ip"));
    }

    @Test
    void theKeyHoldsNeitherThePasswordNorItsPlainHash() throws Exception {
        String password = "s3cret-password";
        String key = key("c", "u", password, null, "ip");
        assertThat(key).doesNotContain(password);
        byte[] plain =
                java.security.MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        assertThat(key).isNotEqualTo(HexFormat.of().formatHex(plain));
        // keyed per cache: another cache (another node, a restart) derives other keys
        HttpAuthCache other = new HttpAuthCache(Duration.ofMinutes(1), 100);
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        assertThat(other.keyOf(body)).isNotEqualTo(cache.keyOf(body));
    }

    @Test
    void answersAreKeptByKeyAndNotAtAllWithAZeroTtl() {
        HttpAuthAnswer allowed = HttpAuthAnswer.allow(ClientType.DEVICE, AuthRules.ALLOW_ALL, null);
        cache.put("k", allowed);
        assertThat(cache.get("k")).contains(allowed);
        assertThat(cache.get("other")).isEmpty();
        HttpAuthCache none = new HttpAuthCache(Duration.ZERO, 100);
        none.put("k", allowed);
        assertThat(none.get("k")).isEmpty();
    }
}
