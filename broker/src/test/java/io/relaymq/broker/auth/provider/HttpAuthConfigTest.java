package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP provider's configuration: defaults and the admin-given values it refuses. */
class HttpAuthConfigTest {

    private static String with(String fields) {
        return "{\"restEndpointUrl\":\"https://auth.example:8443/mqtt?x=1\"" + fields + "}";
    }

    @Test
    void noEndpointMeansNotConfigured() {
        assertThat(HttpAuthConfig.parse(null)).isNull();
        assertThat(HttpAuthConfig.parse(" ")).isNull();
        assertThat(HttpAuthConfig.parse("{}")).isNull();
    }

    @Test
    void defaultsAreFailClosedCachedAndDevice() {
        HttpAuthConfig config = HttpAuthConfig.parse(with(""));
        assertThat(config.mode()).isEqualTo(HttpAuthConfig.FailMode.CLOSED);
        assertThat(config.readTimeoutMs()).isEqualTo(3000);
        assertThat(config.cacheTtlMs()).isEqualTo(60_000L);
        assertThat(config.cacheMaxSize()).isEqualTo(10_000);
        assertThat(config.maxParallelRequests()).isEqualTo(64);
        assertThat(config.defaultClientType()).isEqualTo(ClientType.DEVICE);
        assertThat(config.authRules()).isEqualTo(AuthRules.ALLOW_ALL);
        assertThat(HttpAuthConfig.parse(with(",\"failMode\":\"open\"")).mode()).isEqualTo(HttpAuthConfig.FailMode.OPEN);
    }

    @Test
    void onlyHttpAndHttpsUrlsWithAHostAndNoUserInfoAreAccepted() {
        for (String url : List.of(
                "ftp://auth.example/",
                "file:///etc/passwd",
                "jar:http://x/!/",
                "auth.example/check",
                "http:///check",
                "http://user:pw@auth.example/",
                "http://auth.example/#frag",
                "http://auth example/",
                "http://auth.example/" + "a".repeat(2100))) {
            assertThatThrownBy(() -> HttpAuthConfig.parse("{\"restEndpointUrl\":\"" + url + "\"}"))
                    .as(url)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(HttpAuthConfig.parse("{\"restEndpointUrl\":\"HTTP://10.0.0.1:80/a\"}"))
                .isNotNull();
    }

    @Test
    void invalidValuesAreRefusedByName() {
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"failMode\":\"ALLOW\"")))
                .hasMessageContaining("failMode");
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"readTimeoutMs\":0")))
                .hasMessageContaining("readTimeoutMs");
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"cacheTtlMs\":-1")))
                .hasMessageContaining("cacheTtlMs");
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"maxParallelRequests\":0")))
                .hasMessageContaining("maxParallelRequests");
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"headers\":{\"Host\":\"evil\"}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"headers\":{\"X-Key\":\"a\\r\\nInjected: 1\"}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"headers\":{\"Bad Name\":\"a\"}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HttpAuthConfig.parse(with(",\"authRules\":{\"pubAuthRulePatterns\":[\"(\"]}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(HttpAuthConfig.parse(with(",\"headers\":{\"Authorization\":\"Bearer abc\"}"))
                        .headers())
                .containsEntry("Authorization", "Bearer abc");
    }
}
