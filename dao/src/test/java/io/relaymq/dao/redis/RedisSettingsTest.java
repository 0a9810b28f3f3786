package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which combinations of the Redis settings are refused, and with which environment variable named. */
class RedisSettingsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final Duration REFRESH = Duration.ofSeconds(30);
    private static final RedisSentinel SENTINELS =
            new RedisSentinel(List.of("10.0.0.1:26379", "10.0.0.2:26379"), "mymaster", "");

    private static RedisSettings settings(
            RedisConnectionType type, List<String> nodes, int database, RedisSentinel sentinel) {
        return new RedisSettings(type, nodes, database, sentinel, "", "", RedisTls.OFF, TIMEOUT, REFRESH, TIMEOUT);
    }

    @Test
    void commaSeparatedNodesAreSplitAndTrimmed() {
        assertThat(RedisSettings.parseNodes(" a:7000, b:7001 ,,c:7002")).containsExactly("a:7000", "b:7001", "c:7002");
        assertThat(RedisSettings.parseNodes("")).isEmpty();
        assertThat(RedisSettings.parseNodes(null)).isEmpty();
    }

    @Test
    void theConnectionTypeIsOneOfThreeNamesInAnyCase() {
        assertThat(RedisConnectionType.parse("cluster")).isEqualTo(RedisConnectionType.CLUSTER);
        assertThat(RedisConnectionType.parse(" Standalone ")).isEqualTo(RedisConnectionType.STANDALONE);
        assertThat(RedisConnectionType.parse("SENTINEL")).isEqualTo(RedisConnectionType.SENTINEL);
        assertThatThrownBy(() -> RedisConnectionType.parse("replicated"))
                .hasMessageContaining("REDIS_CONNECTION_TYPE")
                .hasMessageContaining("cluster, standalone, sentinel")
                .hasMessageContaining("'replicated'");
    }

    @Test
    void clusterNodesMustBeHostAndPort() {
        assertThatThrownBy(() -> RedisSettings.cluster(List.of("localhost"), "", TIMEOUT, REFRESH, TIMEOUT))
                .hasMessageContaining("not host:port")
                .hasMessageContaining("REDIS_NODES");
        assertThatThrownBy(() -> RedisSettings.cluster(List.of(), "", TIMEOUT, REFRESH, TIMEOUT))
                .hasMessageContaining("REDIS_NODES");
    }

    @Test
    void aClusterHasOnlyDatabaseZero() {
        assertThatThrownBy(() -> settings(RedisConnectionType.CLUSTER, List.of("a:7000"), 2, RedisSentinel.NONE))
                .hasMessageContaining("REDIS_DATABASE")
                .hasMessageContaining("REDIS_CONNECTION_TYPE=cluster");
    }

    @Test
    void aNegativeDatabaseIsRefusedForEveryType() {
        assertThatThrownBy(() -> settings(RedisConnectionType.STANDALONE, List.of("a:6379"), -1, RedisSentinel.NONE))
                .hasMessageContaining("REDIS_DATABASE must be 0 or more");
    }

    @Test
    void standaloneTakesExactlyOneNode() {
        assertThat(settings(RedisConnectionType.STANDALONE, List.of("redis.internal:6379"), 3, RedisSentinel.NONE)
                        .database())
                .isEqualTo(3);
        assertThatThrownBy(() -> settings(
                        RedisConnectionType.STANDALONE,
                        List.of("127.0.0.1:7000", "127.0.0.1:7001"),
                        0,
                        RedisSentinel.NONE))
                .hasMessageContaining("REDIS_CONNECTION_TYPE=standalone")
                .hasMessageContaining("exactly one host:port in REDIS_NODES")
                .hasMessageContaining("127.0.0.1:7000,127.0.0.1:7001");
        assertThatThrownBy(() -> settings(RedisConnectionType.STANDALONE, List.of(), 0, RedisSentinel.NONE))
                .hasMessageContaining("REDIS_NODES, was none");
        assertThatThrownBy(() -> settings(RedisConnectionType.STANDALONE, List.of("redis"), 0, RedisSentinel.NONE))
                .hasMessageContaining("'redis' is not host:port (REDIS_NODES)");
    }

    @Test
    void sentinelNeedsItsSentinelsAndTheMastersName() {
        RedisSettings ok = settings(RedisConnectionType.SENTINEL, List.of(), 1, SENTINELS);
        assertThat(ok.target()).contains("mymaster").contains("10.0.0.1:26379").contains("database 1");
        assertThat(ok.settingsToCheck()).isEqualTo("REDIS_SENTINEL_NODES and REDIS_SENTINEL_MASTER");
        assertThatThrownBy(() -> settings(
                        RedisConnectionType.SENTINEL, List.of(), 0, new RedisSentinel(List.of(), "mymaster", "")))
                .hasMessageContaining("REDIS_SENTINEL_NODES");
        assertThatThrownBy(() -> settings(
                        RedisConnectionType.SENTINEL, List.of(), 0, new RedisSentinel(List.of("s:26379"), " ", "")))
                .hasMessageContaining("REDIS_SENTINEL_MASTER");
        assertThatThrownBy(() -> settings(
                        RedisConnectionType.SENTINEL, List.of(), 0, new RedisSentinel(List.of("s"), "mymaster", "")))
                .hasMessageContaining("'s' is not host:port (REDIS_SENTINEL_NODES)");
        assertThatThrownBy(() -> settings(RedisConnectionType.SENTINEL, List.of("a:6379"), 0, SENTINELS))
                .hasMessageContaining("only REDIS_SENTINEL_NODES");
    }

    @Test
    void sentinelSettingsWithAnotherTypeAreRefused() {
        for (RedisConnectionType type : List.of(RedisConnectionType.CLUSTER, RedisConnectionType.STANDALONE)) {
            assertThatThrownBy(() -> settings(type, List.of("a:6379"), 0, SENTINELS))
                    .hasMessageContaining("REDIS_SENTINEL_NODES")
                    .hasMessageContaining("not " + type.value())
                    .hasMessageContaining("set REDIS_CONNECTION_TYPE=sentinel");
            assertThatThrownBy(() -> settings(type, List.of("a:6379"), 0, new RedisSentinel(List.of(), "", "x")))
                    .hasMessageContaining("REDIS_SENTINEL_PASSWORD");
        }
    }

    @Test
    void aUserNameWithoutItsPasswordIsRefused() {
        assertThatThrownBy(() -> RedisSettings.cluster(
                        List.of("a:7000"), "relaymq", "", RedisTls.OFF, TIMEOUT, REFRESH, TIMEOUT))
                .hasMessageContaining("REDIS_PASSWORD");
        assertThatThrownBy(() -> RedisSettings.standalone("a:6379", 0, "relaymq", "", RedisTls.OFF, TIMEOUT, TIMEOUT))
                .hasMessageContaining("REDIS_PASSWORD");
    }

    @Test
    void theTargetNamesWhatToCheckForEachType() {
        assertThat(RedisSettings.cluster(List.of("a:7000"), "", TIMEOUT, REFRESH, TIMEOUT)
                        .settingsToCheck())
                .isEqualTo("REDIS_NODES");
        RedisSettings standalone = RedisSettings.standalone("a:6379", 2, "", "", RedisTls.OFF, TIMEOUT, TIMEOUT);
        assertThat(standalone.target()).isEqualTo("Redis a:6379 (database 2)");
        assertThat(standalone.settingsToCheck()).isEqualTo("REDIS_NODES");
    }
}
