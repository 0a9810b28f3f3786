package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.codec.StringCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis over TLS with an ACL user, as ElastiCache with in-transit encryption and RBAC needs it, against a real
 * {@code redis-server} that speaks only TLS and has its default user switched off.
 */
class RedisTlsIT {

    @TempDir
    static Path dir;

    private static TlsRedisNode redis;

    @BeforeAll
    static void start() throws Exception {
        redis = TlsRedisNode.start(dir);
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
    }

    private static RedisSettings settings(String username, String password, RedisTls tls) {
        return RedisSettings.cluster(
                List.of(redis.address()),
                username,
                password,
                tls,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Duration.ofSeconds(2));
    }

    @Test
    void aUserWithItsPasswordOverTlsTrustingTheGivenCaWritesAndReads() throws Exception {
        RedisTls tls = new RedisTls(true, redis.caFile().toString(), true);
        try (RedisConnector connector = new RedisConnector(settings(TlsRedisNode.USER, TlsRedisNode.PASSWORD, tls))) {
            RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8);
            connection.async().set("dao:tls", "over tls").get(5, TimeUnit.SECONDS);
            assertThat(connection.async().get("dao:tls").get(5, TimeUnit.SECONDS))
                    .as(redis.log())
                    .isEqualTo("over tls");
            assertThat(connection.async().aclWhoami().get(5, TimeUnit.SECONDS)).isEqualTo(TlsRedisNode.USER);
            connection.close();
        }
    }

    @Test
    void plainTcpToATlsOnlyNodeNeverConnects() {
        try (RedisConnector connector =
                new RedisConnector(settings(TlsRedisNode.USER, TlsRedisNode.PASSWORD, RedisTls.OFF))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(redis.address());
        }
    }

    @Test
    void aCertificateFromAnotherCaIsRefused() {
        // the JVM's trust store does not hold the test CA
        try (RedisConnector connector =
                new RedisConnector(settings(TlsRedisNode.USER, TlsRedisNode.PASSWORD, new RedisTls(true, "", true)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void withoutTheUserNameThePasswordAloneIsRefused() {
        RedisTls tls = new RedisTls(true, redis.caFile().toString(), true);
        try (RedisConnector connector = new RedisConnector(settings("", TlsRedisNode.PASSWORD, tls))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8)).isInstanceOf(IllegalStateException.class);
        }
    }
}
