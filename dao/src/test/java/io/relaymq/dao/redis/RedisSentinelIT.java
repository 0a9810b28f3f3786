package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.relaymq.localinfra.redis.RedisBinary;
import io.relaymq.localinfra.redis.RedisServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * REDIS_CONNECTION_TYPE=sentinel against real processes: a master and its replica that know only an ACL user,
 * and one {@code redis-server --sentinel} with a password of its own that monitors them. The connection is found
 * through the sentinel by the master's name and follows the master when the sentinel fails it over (last test).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisSentinelIT {

    private static final String USER = TlsRedisNode.USER;
    private static final String PASSWORD = TlsRedisNode.PASSWORD;
    private static final String MASTER = "relaymq-master";
    private static final String SENTINEL_PASSWORD = "sentinel-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    static Path dir;

    private static RedisServer master;
    private static RedisServer replica;
    private static RedisServer sentinel;

    @BeforeAll
    static void start() throws Exception {
        Path binary = RedisBinary.resolve(dir.resolve("cache"));
        List<String> acl = List.of(
                "--user",
                "default",
                "off",
                "--user",
                USER,
                "on",
                ">" + PASSWORD,
                "~*",
                "&*",
                "+@all",
                "--masteruser",
                USER,
                "--masterauth",
                PASSWORD);
        master = RedisServer.start("redis-master", binary, dir.resolve("master"), acl);
        List<String> replicaArguments = new ArrayList<>(acl);
        replicaArguments.addAll(List.of("--replicaof", "127.0.0.1", Integer.toString(master.port())));
        replica = RedisServer.start("redis-replica", binary, dir.resolve("replica"), replicaArguments);
        awaitReplicaOnline();
        sentinel = RedisServer.startSentinel(
                "redis-sentinel",
                binary,
                dir.resolve("sentinel"),
                List.of(
                        "requirepass " + SENTINEL_PASSWORD,
                        "sentinel monitor " + MASTER + " 127.0.0.1 " + master.port() + " 1",
                        "sentinel down-after-milliseconds " + MASTER + " 2000",
                        "sentinel failover-timeout " + MASTER + " 10000",
                        "sentinel auth-user " + MASTER + " " + USER,
                        "sentinel auth-pass " + MASTER + " " + PASSWORD));
        // the sentinel learns the replica from the master's INFO: only then can it fail over to it
        await().atMost(Duration.ofSeconds(30))
                .until(() -> askSentinel(c -> c.sync().replicas(MASTER)), RedisSentinelIT::anyHealthyReplica);
    }

    @AfterAll
    static void stop() {
        for (RedisServer server : new RedisServer[] {sentinel, replica, master}) {
            if (server != null) {
                server.close();
            }
        }
    }

    private static boolean anyHealthyReplica(List<Map<String, String>> replicas) {
        return replicas.stream()
                .anyMatch(r -> "slave".equals(r.get("flags")) && "ok".equals(r.get("master-link-status")));
    }

    private static void awaitReplicaOnline() {
        RedisSettings direct = RedisSettings.standalone(
                master.address(), 0, USER, PASSWORD, RedisTls.OFF, TIMEOUT, Duration.ofSeconds(10));
        try (RedisConnector connector = new RedisConnector(direct);
                RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> connection.sync().info("replication"), info -> info.contains("state=online"));
        }
    }

    private static <T> T askSentinel(Function<StatefulRedisSentinelConnection<String, String>, T> call) {
        RedisClient client = RedisClient.create();
        try (StatefulRedisSentinelConnection<String, String> connection = client.connectSentinel(RedisURI.builder()
                .withHost("127.0.0.1")
                .withPort(sentinel.port())
                .withPassword(SENTINEL_PASSWORD.toCharArray())
                .withTimeout(TIMEOUT)
                .build())) {
            return call.apply(connection);
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
    }

    private static RedisSettings viaSentinel(String masterName, String sentinelPassword, Duration connectTimeout) {
        return RedisSettings.sentinel(
                new RedisSentinel(List.of(sentinel.address()), masterName, sentinelPassword),
                2,
                USER,
                PASSWORD,
                RedisTls.OFF,
                TIMEOUT,
                connectTimeout);
    }

    /** The port of the server a connection is on, as that server tells it. */
    private static int serverPort(RedisConnection<String, String> connection) {
        String info = connection.sync().info("server");
        return info.lines()
                .filter(line -> line.startsWith("tcp_port:"))
                .map(line ->
                        Integer.parseInt(line.substring("tcp_port:".length()).trim()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    @Order(1)
    void connectsToTheMasterTheSentinelNamesAsItsUserInItsDatabase() throws Exception {
        try (RedisConnector connector = new RedisConnector(viaSentinel(MASTER, SENTINEL_PASSWORD, TIMEOUT));
                RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
            assertThat(serverPort(connection)).as(sentinel.log()).isEqualTo(master.port());
            assertThat(connection.sync().aclWhoami()).isEqualTo(USER);
            connection.sync().set("dao:sentinel", "on the master");
            try (RedisConnector direct = new RedisConnector(RedisSettings.standalone(
                            master.address(), 2, USER, PASSWORD, RedisTls.OFF, TIMEOUT, TIMEOUT));
                    RedisConnection<String, String> onMaster = direct.connect(StringCodec.UTF8)) {
                assertThat(onMaster.sync().get("dao:sentinel")).isEqualTo("on the master");
            }
        }
    }

    @Test
    @Order(2)
    void theDeviceStoreSavesReadsAndAcknowledgesThroughTheSentinel() throws Exception {
        try (RedisConnector connector = new RedisConnector(viaSentinel(MASTER, SENTINEL_PASSWORD, TIMEOUT))) {
            StoreRoundTrip.saveReadAcknowledge(connector, 1000);
        }
    }

    @Test
    @Order(3)
    void anUnknownMasterNameFailsStartNamingTheSettings() {
        try (RedisConnector connector =
                new RedisConnector(viaSentinel("no-such-master", SENTINEL_PASSWORD, Duration.ofSeconds(2)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("'no-such-master'")
                    .hasMessageContaining(sentinel.address())
                    .hasMessageContaining("REDIS_SENTINEL_NODES and REDIS_SENTINEL_MASTER");
        }
    }

    @Test
    @Order(4)
    void withoutTheSentinelsPasswordTheMasterIsNotFound() {
        try (RedisConnector connector = new RedisConnector(viaSentinel(MASTER, "", Duration.ofSeconds(2)))) {
            assertThatThrownBy(() -> connector.connect(StringCodec.UTF8)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    @Order(5)
    void theConnectionFollowsTheMasterWhenTheSentinelFailsItOver() throws Exception {
        try (RedisConnector connector = new RedisConnector(viaSentinel(MASTER, SENTINEL_PASSWORD, TIMEOUT));
                RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
            connection.sync().set("dao:sentinel:before", "kept");
            assertThat(connection.sync().waitForReplication(1, 5_000)).isEqualTo(1L);
            String failover = askSentinel(c -> c.sync().failover(MASTER));
            assertThat(failover).isEqualTo("OK");

            // the sentinel makes the old master a replica and closes its clients; the reconnect asks the sentinel
            await().atMost(Duration.ofSeconds(60))
                    .ignoreExceptions()
                    .until(() -> serverPort(connection) == replica.port()
                            && "OK".equals(connection.sync().set("dao:sentinel:after", "written")));
            assertThat(connection.sync().get("dao:sentinel:before")).isEqualTo("kept");
            StoreRoundTrip.saveReadAcknowledge(connector, 1000);
        }
    }
}
