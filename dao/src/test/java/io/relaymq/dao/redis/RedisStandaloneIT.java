package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.codec.StringCodec;
import io.relaymq.localinfra.redis.RedisBinary;
import io.relaymq.localinfra.redis.RedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REDIS_CONNECTION_TYPE=standalone against real redis-server processes without cluster mode: one that knows only
 * an ACL user (the default user is off), and one that speaks only TLS, as ElastiCache with cluster mode disabled
 * and in-transit encryption does.
 */
class RedisStandaloneIT {

    private static final String USER = TlsRedisNode.USER;
    private static final String PASSWORD = TlsRedisNode.PASSWORD;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    static Path dir;

    private static RedisServer plain;
    private static TlsRedisNode tls;

    @BeforeAll
    static void start() throws Exception {
        plain = RedisServer.start(
                "redis-standalone",
                RedisBinary.resolve(dir.resolve("cache")),
                dir.resolve("plain"),
                List.of("--user", "default", "off", "--user", USER, "on", ">" + PASSWORD, "~*", "&*", "+@all"));
        tls = TlsRedisNode.startStandalone(Files.createDirectories(dir.resolve("tls")));
    }

    @AfterAll
    static void stop() {
        if (plain != null) {
            plain.close();
        }
        if (tls != null) {
            tls.close();
        }
    }

    private static RedisSettings standalone(int database, String username, String password) {
        return RedisSettings.standalone(
                plain.address(), database, username, password, RedisTls.OFF, TIMEOUT, Duration.ofSeconds(2));
    }

    @Test
    void aUserWithItsPasswordWritesIntoItsDatabase() throws Exception {
        try (RedisConnector three = new RedisConnector(standalone(3, USER, PASSWORD));
                RedisConnector zero = new RedisConnector(standalone(0, USER, PASSWORD));
                RedisConnection<String, String> inThree = three.connect(StringCodec.UTF8);
                RedisConnection<String, String> inZero = zero.connect(StringCodec.UTF8)) {
            assertThat(inThree.cluster()).isEmpty();
            inThree.async().set("dao:standalone", "in three").get();
            assertThat(inThree.sync().get("dao:standalone")).as(plain.log()).isEqualTo("in three");
            assertThat(inZero.sync().get("dao:standalone")).isNull();
            assertThat(inThree.sync().aclWhoami()).isEqualTo(USER);
        }
    }

    @Test
    void theDeviceStoreSavesReadsAndAcknowledgesWithBatchedWrites() throws Exception {
        try (RedisConnector connector = new RedisConnector(standalone(1, USER, PASSWORD))) {
            StoreRoundTrip.saveReadAcknowledge(connector, 1000);
        }
    }

    @Test
    void theDeviceStoreSavesReadsAndAcknowledgesWithEveryCommandWrittenAtOnce() throws Exception {
        try (RedisConnector connector = new RedisConnector(standalone(0, USER, PASSWORD))) {
            StoreRoundTrip.saveReadAcknowledge(connector, 1);
        }
    }

    @Test
    void overTlsAsAUserTheDeviceStoreWorks() throws Exception {
        RedisSettings settings = RedisSettings.standalone(
                tls.address(),
                2,
                USER,
                PASSWORD,
                new RedisTls(true, tls.caFile().toString(), true),
                TIMEOUT,
                Duration.ofSeconds(2));
        try (RedisConnector connector = new RedisConnector(settings)) {
            try (RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
                assertThat(connection.sync().aclWhoami()).as(tls.log()).isEqualTo(USER);
            }
            StoreRoundTrip.saveReadAcknowledge(connector, 64);
        }
    }

    @Test
    void plainTcpToTheTlsServerNeverConnects() {
        RedisSettings settings = RedisSettings.standalone(
                tls.address(), 0, USER, PASSWORD, RedisTls.OFF, TIMEOUT, Duration.ofSeconds(2));
        try (RedisConnector connector = new RedisConnector(settings)) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(tls.address())
                    .hasMessageContaining("REDIS_NODES");
        }
    }

    @Test
    void aWrongPasswordFailsStartWithTheServerNamed() {
        try (RedisConnector connector = new RedisConnector(standalone(0, USER, "wrong"))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Redis " + plain.address())
                    .hasMessageContaining("REDIS_NODES");
        }
    }

    @Test
    void aClusterConnectionToThisServerSaysToSetStandalone() {
        RedisSettings cluster = RedisSettings.cluster(
                List.of(plain.address()),
                USER,
                PASSWORD,
                RedisTls.OFF,
                TIMEOUT,
                Duration.ofSeconds(30),
                Duration.ofSeconds(30));
        try (RedisConnector connector = new RedisConnector(cluster)) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("without cluster mode")
                    .hasMessageContaining("REDIS_CONNECTION_TYPE=standalone");
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("refused at once, not after the connect timeout")
                    .isLessThan(Duration.ofSeconds(20));
        }
    }
}
