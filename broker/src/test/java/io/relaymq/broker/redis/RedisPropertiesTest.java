package io.relaymq.broker.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.support.ShippedConfiguration;
import io.relaymq.dao.redis.RedisConnectionType;
import io.relaymq.dao.redis.RedisSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;

/**
 * The shipped {@code application.yml} bound with the environment a user sets: each connection type gets its
 * settings, and a combination that cannot work stops the binding with the variable to fix in the message.
 */
class RedisPropertiesTest {

    private static RedisProperties bind(Map<String, Object> environment) throws IOException {
        return ShippedConfiguration.bind(
                "relaymq.redis", RedisProperties.class, List.of(new MapPropertySource("environment", environment)));
    }

    private static ThrowableAssert.ThrowingCallable binding(Map<String, Object> environment) {
        return () -> bind(environment);
    }

    /** The reason Spring Boot prints under "Failed to bind properties under 'relaymq.redis'". */
    private static Throwable rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Test
    void theDefaultIsTheLocalRedisCluster() throws IOException {
        RedisSettings settings = bind(Map.of()).toSettings(Duration.ofSeconds(60));
        assertThat(settings.type()).isEqualTo(RedisConnectionType.CLUSTER);
        assertThat(settings.nodes()).containsExactly("127.0.0.1:7000", "127.0.0.1:7001", "127.0.0.1:7002");
        assertThat(settings.database()).isZero();
    }

    @Test
    void standaloneReadsTheOneNodeAndTheDatabase() throws IOException {
        RedisSettings settings = bind(Map.of(
                        "REDIS_CONNECTION_TYPE", "standalone",
                        "REDIS_NODES", "primary.relaymq.example.cache.amazonaws.com:6379",
                        "REDIS_DATABASE", "3",
                        "REDIS_TLS_ENABLED", "true"))
                .toSettings(Duration.ofSeconds(60));
        assertThat(settings.type()).isEqualTo(RedisConnectionType.STANDALONE);
        assertThat(settings.nodes()).containsExactly("primary.relaymq.example.cache.amazonaws.com:6379");
        assertThat(settings.database()).isEqualTo(3);
        assertThat(settings.tls().enabled()).isTrue();
    }

    @Test
    void sentinelReadsTheSentinelsAndNotTheNodes() throws IOException {
        RedisProperties properties = bind(Map.of(
                "REDIS_CONNECTION_TYPE", "sentinel",
                "REDIS_SENTINEL_NODES", "sentinel-0:26379, sentinel-1:26379",
                "REDIS_SENTINEL_MASTER", "mymaster",
                "REDIS_SENTINEL_PASSWORD", "s3cret"));
        RedisSettings settings = properties.toSettings(Duration.ofSeconds(60));
        assertThat(settings.type()).isEqualTo(RedisConnectionType.SENTINEL);
        assertThat(settings.nodes()).isEmpty();
        assertThat(properties.nodeList()).isEmpty();
        assertThat(settings.sentinel().nodes()).containsExactly("sentinel-0:26379", "sentinel-1:26379");
        assertThat(settings.sentinel().master()).isEqualTo("mymaster");
        assertThat(settings.sentinel().password()).isEqualTo("s3cret");
    }

    @Test
    void anUnknownConnectionTypeIsRefused() {
        assertThatThrownBy(binding(Map.of("REDIS_CONNECTION_TYPE", "replicated")))
                .satisfies(e -> assertThat(rootCause(e))
                        .hasMessageContaining("REDIS_CONNECTION_TYPE must be one of cluster, standalone, sentinel"));
    }

    @Test
    void standaloneWithTheDefaultClusterNodesIsRefused() {
        assertThatThrownBy(binding(Map.of("REDIS_CONNECTION_TYPE", "standalone")))
                .satisfies(e -> assertThat(rootCause(e))
                        .hasMessageContaining(
                                "REDIS_CONNECTION_TYPE=standalone needs exactly one host:port in " + "REDIS_NODES"));
    }

    @Test
    void sentinelWithoutItsMasterIsRefused() {
        assertThatThrownBy(binding(
                        Map.of("REDIS_CONNECTION_TYPE", "sentinel", "REDIS_SENTINEL_NODES", "sentinel-0:26379")))
                .satisfies(e -> assertThat(rootCause(e)).hasMessageContaining("REDIS_SENTINEL_MASTER"));
    }

    @Test
    void aDatabaseOtherThanZeroIsRefusedForACluster() {
        assertThatThrownBy(binding(Map.of("REDIS_DATABASE", "1")))
                .satisfies(e -> assertThat(rootCause(e))
                        .hasMessageContaining("REDIS_DATABASE must be 0 with REDIS_CONNECTION_TYPE=cluster"));
    }

    @Test
    void sentinelSettingsWithoutTheSentinelTypeAreRefused() {
        assertThatThrownBy(binding(Map.of("REDIS_SENTINEL_MASTER", "mymaster")))
                .satisfies(e -> assertThat(rootCause(e))
                        .hasMessageContaining("apply only to REDIS_CONNECTION_TYPE=sentinel, not cluster"));
    }
}
