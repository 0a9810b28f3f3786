package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Lettuce URIs each connection type connects with. */
class RedisUrisTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private static RedisCredentials credentials(RedisURI uri) {
        return uri.getCredentialsProvider().resolveCredentials().block();
    }

    @Test
    void clusterSeedUrisCarryTimeoutAndPassword() {
        List<RedisURI> uris = RedisUris.clusterSeeds(
                RedisSettings.cluster(List.of("10.0.0.1:7000"), "s3cret", TIMEOUT, Duration.ofSeconds(30), TIMEOUT));
        assertThat(uris).singleElement().satisfies(uri -> {
            assertThat(uri.getHost()).isEqualTo("10.0.0.1");
            assertThat(uri.getPort()).isEqualTo(7000);
            assertThat(uri.getTimeout()).isEqualTo(TIMEOUT);
            assertThat(credentials(uri).getPassword()).containsExactly("s3cret".toCharArray());
        });
    }

    @Test
    void clusterSeedUrisCarryTheUserAndTls() {
        RedisSettings tls = RedisSettings.cluster(
                List.of("node.cache.amazonaws.com:6379"),
                "relaymq",
                "s3cret",
                new RedisTls(true, "", true),
                TIMEOUT,
                Duration.ofSeconds(30),
                TIMEOUT);
        assertThat(RedisUris.clusterSeeds(tls)).singleElement().satisfies(uri -> {
            assertThat(uri.isSsl()).isTrue();
            assertThat(uri.isVerifyPeer()).isTrue();
            assertThat(credentials(uri).getUsername()).isEqualTo("relaymq");
        });
    }

    @Test
    void theStandaloneUriNamesTheServerItsDatabaseUserAndTls() {
        RedisURI uri = RedisUris.standalone(RedisSettings.standalone(
                "primary.cache.amazonaws.com:6379",
                4,
                "relaymq",
                "s3cret",
                new RedisTls(true, "", false),
                TIMEOUT,
                TIMEOUT));
        assertThat(uri.getHost()).isEqualTo("primary.cache.amazonaws.com");
        assertThat(uri.getPort()).isEqualTo(6379);
        assertThat(uri.getDatabase()).isEqualTo(4);
        assertThat(uri.getSentinels()).isEmpty();
        assertThat(uri.isSsl()).isTrue();
        assertThat(uri.isVerifyPeer()).isFalse();
        assertThat(uri.getTimeout()).isEqualTo(TIMEOUT);
        assertThat(credentials(uri).getUsername()).isEqualTo("relaymq");
        assertThat(credentials(uri).getPassword()).containsExactly("s3cret".toCharArray());
    }

    @Test
    void theSentinelUriNamesEverySentinelWithItsPasswordAndTheMasterWithItsOwnCredentials() {
        RedisURI uri = RedisUris.sentinel(RedisSettings.sentinel(
                new RedisSentinel(List.of("s1:26379", "s2:26380"), "mymaster", "sentinel-secret"),
                1,
                "relaymq",
                "s3cret",
                new RedisTls(true, "", true),
                TIMEOUT,
                TIMEOUT));
        assertThat(uri.getSentinelMasterId()).isEqualTo("mymaster");
        assertThat(uri.getDatabase()).isEqualTo(1);
        assertThat(credentials(uri).getUsername()).isEqualTo("relaymq");
        assertThat(credentials(uri).getPassword()).containsExactly("s3cret".toCharArray());
        assertThat(uri.getSentinels()).hasSize(2).allSatisfy(sentinel -> {
            assertThat(sentinel.isSsl()).as("TLS applies to the sentinels too").isTrue();
            assertThat(credentials(sentinel).getPassword()).containsExactly("sentinel-secret".toCharArray());
        });
        assertThat(uri.getSentinels())
                .extracting(RedisURI::getHost, RedisURI::getPort)
                .containsExactly(tuple("s1", 26379), tuple("s2", 26380));
    }

    @Test
    void sentinelsWithoutAPasswordAreAskedWithoutOne() {
        RedisURI uri = RedisUris.sentinel(RedisSettings.sentinel(
                new RedisSentinel(List.of("s1:26379"), "mymaster", ""), 0, "", "", RedisTls.OFF, TIMEOUT, TIMEOUT));
        assertThat(uri.getSentinels()).singleElement().satisfies(sentinel -> {
            assertThat(sentinel.isSsl()).isFalse();
            assertThat(credentials(sentinel).hasPassword()).isFalse();
        });
    }
}
