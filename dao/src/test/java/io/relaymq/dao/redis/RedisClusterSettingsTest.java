package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedisClusterSettingsTest {

    private static RedisClusterSettings settings(List<String> nodes, String password) {
        return new RedisClusterSettings(
                nodes, password, Duration.ofSeconds(3), Duration.ofSeconds(30), Duration.ofSeconds(5));
    }

    @Test
    void commaSeparatedNodesAreSplitAndTrimmed() {
        assertThat(RedisClusterSettings.parseNodes(" a:7000, b:7001 ,,c:7002"))
                .containsExactly("a:7000", "b:7001", "c:7002");
    }

    @Test
    void nodesMustBeHostAndPort() {
        assertThatThrownBy(() -> settings(List.of("localhost"), "")).hasMessageContaining("not host:port");
        assertThatThrownBy(() -> settings(List.of(), "")).hasMessageContaining("REDIS_NODES");
    }

    @Test
    void seedUrisCarryTimeoutAndPassword() {
        List<RedisURI> uris = RedisClusterConnector.seedUris(settings(List.of("10.0.0.1:7000"), "s3cret"));
        assertThat(uris).singleElement().satisfies(uri -> {
            assertThat(uri.getHost()).isEqualTo("10.0.0.1");
            assertThat(uri.getPort()).isEqualTo(7000);
            assertThat(uri.getTimeout()).isEqualTo(Duration.ofSeconds(3));
            assertThat(uri.getCredentialsProvider().resolveCredentials().block().getPassword())
                    .containsExactly("s3cret".toCharArray());
        });
    }

    @Test
    void seedUrisCarryTheUserAndTls() {
        RedisClusterSettings tls = new RedisClusterSettings(
                List.of("node.cache.amazonaws.com:6379"),
                "relaymq",
                "s3cret",
                new RedisTls(true, "", true),
                Duration.ofSeconds(3),
                Duration.ofSeconds(30),
                Duration.ofSeconds(5));
        assertThat(RedisClusterConnector.seedUris(tls)).singleElement().satisfies(uri -> {
            assertThat(uri.isSsl()).isTrue();
            assertThat(uri.isVerifyPeer()).isTrue();
            assertThat(uri.getCredentialsProvider().resolveCredentials().block().getUsername())
                    .isEqualTo("relaymq");
        });
    }

    @Test
    void aUserNameWithoutItsPasswordIsRefused() {
        assertThatThrownBy(() -> new RedisClusterSettings(
                        List.of("a:7000"),
                        "relaymq",
                        "",
                        RedisTls.OFF,
                        Duration.ofSeconds(3),
                        Duration.ofSeconds(30),
                        Duration.ofSeconds(5)))
                .hasMessageContaining("REDIS_PASSWORD");
    }
}
