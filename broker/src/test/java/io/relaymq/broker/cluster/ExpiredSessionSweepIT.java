package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import io.relaymq.redis.lua.DeviceSessionKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Persistent sessions left by a node that was SIGKILLed expire cluster-wide: the surviving node ends
 * those whose expiry passed (counted from their recorded disconnect, or from when the node was declared
 * dead), with their Redis keys (DEVICE) or Kafka topic (APPLICATION), and keeps those within their expiry.
 * Clients named {@code app-…} are APPLICATION clients here.
 */
@ExtendWith(LocalStackExtension.class)
class ExpiredSessionSweepIT {

    private static BrokerProcess victim;
    private static BrokerProcess survivor;
    private static RedisClusterClient redisClient;
    private static StatefulRedisClusterConnection<String, String> redis;
    private final PersistentSessions clients = new PersistentSessions();
    private final List<MqttClient> v5Clients = new ArrayList<>();

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        Map<String, String> env = Map.of(
                "MQTT_AUTH_ALLOW_ANONYMOUS",
                "true",
                "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS",
                "app-.*",
                "RELAYMQ_NODE_HEARTBEAT",
                "1s",
                "RELAYMQ_NODE_DEAD_AFTER",
                "6s",
                "MQTT_SESSION_SWEEP_INTERVAL",
                "1s",
                "MQTT_PERSISTENT_SESSION_APP_REMOVED_TOPIC_GRACE",
                "1s");
        // The lowest live node id sweeps, and the APPLICATION topic goes after the grace of the node that
        // ended the session. The survivor's id sorts first so that it, with its 1 s grace, is that node even
        // when the in-JVM test node (it-node-1, default grace) shares the stack.
        victim = BrokerProcess.start("expiry-victim", stack, env);
        survivor = BrokerProcess.start("expiry-survivor", stack, env);
        victim.awaitReady();
        survivor.awaitReady();
        redisClient = RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                .map(a -> RedisURI.create("redis://" + a))
                .toList());
        redis = redisClient.connect();
    }

    @AfterAll
    static void stopNodes() {
        BrokerProcess.closeAll(victim, survivor);
        if (redis != null) {
            redis.close();
            redisClient.shutdown();
        }
    }

    /** A 5.0 client with a persistent session on the victim, subscribed to its own topic. */
    private MqttClient persistent(String clientId, long expirySeconds) throws Exception {
        MqttClient client = new MqttClient(victim.mqtt(), clientId, new MemoryPersistence());
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(false);
        options.setSessionExpiryInterval(expirySeconds);
        options.setAutomaticReconnect(false);
        client.connect(options);
        client.subscribe("sweep/" + clientId, 1);
        v5Clients.add(client);
        return client;
    }

    /** Publishes to the client's topic until Redis has stored a message for it (the subscription is routed). */
    private void storeOneFor(String clientId) throws Exception {
        org.eclipse.paho.client.mqttv3.MqttClient publisher = clients.plain(survivor);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    publisher.publish("sweep/" + clientId, "m".getBytes(StandardCharsets.UTF_8), 1, false);
                    return hasRedisKeys(clientId);
                });
    }

    private static boolean hasRedisKeys(String clientId) {
        return redis.sync().exists(DeviceSessionKeys.of(clientId).lastScore()) > 0;
    }

    private static boolean hasSession(ApiClient api, String clientId) {
        return api.get("/api/client-session/details?clientId=" + clientId).status() == 200;
    }

    private static boolean topicExists(ApiClient api, String clientId) {
        return api.get("/api/app/kafka-topics").text().contains("\"" + AppTopicNames.forClient(clientId) + "\"");
    }

    @Test
    void theSurvivorEndsTheCrashedNodesExpiredSessionsWithTheirStorageAndKeepsTheOthers() throws Exception {
        ApiClient api = ApiClient.admin(survivor.httpPort());
        String connectedAtCrash = PersistentSessions.id("sweep-crashed");
        String leftBeforeCrash = PersistentSessions.id("sweep-left");
        String application = PersistentSessions.id("app-sweep");
        String kept = PersistentSessions.id("sweep-kept");
        try {
            persistent(connectedAtCrash, 2);
            persistent(kept, 3600);
            MqttClient left = persistent(leftBeforeCrash, 2);
            persistent(application, 2);
            for (String device : List.of(connectedAtCrash, kept, leftBeforeCrash)) {
                storeOneFor(device);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> topicExists(api, application));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> List.of(connectedAtCrash, leftBeforeCrash, application, kept).stream()
                            .allMatch(c -> hasSession(api, c)));

            // the victim records this disconnect, then dies before the 2 s expiry timer it started
            left.disconnect();
            victim.kill();

            // dead after 6 s, expiry 2 s, sweep every 1 s, topic grace 1 s: well within the bound under load
            await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
                assertThat(List.of(connectedAtCrash, leftBeforeCrash, application))
                        .noneMatch(c -> hasSession(api, c));
                assertThat(hasRedisKeys(connectedAtCrash))
                        .as("Redis keys of the session connected at the crash")
                        .isFalse();
                assertThat(hasRedisKeys(leftBeforeCrash))
                        .as("Redis keys of the session that had left")
                        .isFalse();
                assertThat(topicExists(api, application))
                        .as("the APPLICATION topic")
                        .isFalse();
            });
            assertThat(hasSession(api, kept))
                    .as("a session within its expiry stays")
                    .isTrue();
            assertThat(hasRedisKeys(kept)).as("with its stored state").isTrue();
        } finally {
            for (MqttClient client : v5Clients) {
                try {
                    client.close(true);
                } catch (Exception ignored) {
                    // the node is gone; the client only has to release its threads
                }
            }
            clients.closeAll();
        }
    }
}
