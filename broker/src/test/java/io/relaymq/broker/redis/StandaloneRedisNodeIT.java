package io.relaymq.broker.redis;

import static io.relaymq.broker.support.PersistentSessions.awaitAllInOrder;
import static io.relaymq.broker.support.PersistentSessions.id;
import static io.relaymq.broker.support.PersistentSessions.publishAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.codec.StringCodec;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.dao.redis.RedisConnection;
import io.relaymq.dao.redis.RedisConnector;
import io.relaymq.dao.redis.RedisSettings;
import io.relaymq.dao.redis.RedisTls;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.redis.RedisBinary;
import io.relaymq.localinfra.redis.RedisServer;
import io.relaymq.localinfra.stack.StackEndpoints;
import io.relaymq.redis.lua.DeviceSessionKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker node with REDIS_CONNECTION_TYPE=standalone: one redis-server without cluster mode that knows only an
 * ACL user, database 1 (ElastiCache with cluster mode disabled, or a single Redis or Valkey). The node starts,
 * announces itself there, and a persistent DEVICE session gets what it missed from that Redis.
 */
@ExtendWith(LocalStackExtension.class)
class StandaloneRedisNodeIT {

    private static final String USER = "relaymq";
    private static final String PASSWORD = "secret";
    private static final int MESSAGES = 500;

    @TempDir
    static Path dir;

    private static RedisServer redis;
    private static BrokerProcess node;
    private final PersistentSessions clients = new PersistentSessions();

    @BeforeAll
    static void start(StackEndpoints stack) throws Exception {
        redis = RedisServer.start(
                "redis-standalone",
                RedisBinary.resolve(dir.resolve("cache")),
                dir.resolve("redis"),
                List.of("--user", "default", "off", "--user", USER, "on", ">" + PASSWORD, "~*", "&*", "+@all"));
        node = BrokerProcess.start(
                        "standalone-redis",
                        stack,
                        Map.ofEntries(
                                Map.entry("MQTT_AUTH_ALLOW_ANONYMOUS", "true"),
                                Map.entry("HEALTH_SHOW_DETAILS", "always"),
                                Map.entry("REDIS_CONNECTION_TYPE", "standalone"),
                                Map.entry("REDIS_NODES", redis.address()),
                                Map.entry("REDIS_DATABASE", "1"),
                                Map.entry("REDIS_USERNAME", USER),
                                Map.entry("REDIS_PASSWORD", PASSWORD),
                                // the other nodes on this Kafka store messages in the Redis Cluster: the message
                                // path of this node (routing and persisting) gets topics and groups of its own, so
                                // what its clients miss is stored in its Redis and nowhere else
                                Map.entry("RELAYMQ_KAFKA_MSG_ALL_TOPIC", "relaymq.msg.all.standalone-it"),
                                Map.entry("RELAYMQ_KAFKA_MSG_ALL_CONSUMER_GROUP", "relaymq-msg-all-standalone-it"),
                                Map.entry("RELAYMQ_KAFKA_MSG_PERSISTED_TOPIC", "relaymq.msg.persisted.standalone-it"),
                                Map.entry(
                                        "RELAYMQ_KAFKA_MSG_PERSISTED_CONSUMER_GROUP",
                                        "relaymq-msg-persisted-standalone-it")))
                .awaitReady();
    }

    @AfterAll
    static void stop() {
        BrokerProcess.closeAll(node);
        if (redis != null) {
            redis.close();
        }
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
    }

    private static RedisConnector database1() {
        return new RedisConnector(RedisSettings.standalone(
                redis.address(), 1, USER, PASSWORD, RedisTls.OFF, Duration.ofSeconds(5), Duration.ofSeconds(10)));
    }

    @Test
    void theNodeIsHealthyAndAnnouncesItselfInTheStandaloneDatabase() throws Exception {
        HttpResponse<String> health = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + "/actuator/health"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(health.body())
                .as(node.logFile().toString())
                .contains("\"redis\":{\"details\":{\"connectionType\":\"standalone\",\"role\":\"master\"},"
                        + "\"status\":\"UP\"}");
        try (RedisConnector connector = database1();
                RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
            assertThat(connection.sync().hkeys(NodeRegistry.KEY)).contains(node.nodeId());
        }
    }

    @Test
    void aPersistentSessionGetsWhatItMissedFromTheStandaloneRedis() throws Exception {
        String clientId = id("standalone");
        String topic = "standalone/" + clientId;
        Received first = new Received();
        MqttClient subscriber = clients.persistent(node, clientId, first, false);
        subscriber.subscribe(topic, 1);
        clients.awaitRouted(node, topic, first);
        subscriber.disconnect();

        publishAll(node, topic, MESSAGES);
        try (RedisConnector connector = database1();
                RedisConnection<String, String> connection = connector.connect(StringCodec.UTF8)) {
            String stored = DeviceSessionKeys.of(clientId).messages();
            await().atMost(Duration.ofSeconds(60)).until(() -> connection.sync().zcard(stored) >= MESSAGES);
        }

        Received back = new Received();
        assertThat(clients.persistent(node, clientId, back, false).isConnected())
                .isTrue();
        awaitAllInOrder(back, MESSAGES);
    }
}
