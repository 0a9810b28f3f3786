package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding 2 of issue #18 on a running node: two APPLICATION clients whose ids mapped to one Kafka topic
 * in the earlier layout (a long id, hashed, and a literal id equal to that hashed name) each read only
 * their own messages, and ending one session deletes only its own topic. Clients named {@code app-…}
 * are APPLICATION clients here.
 */
@ExtendWith(LocalStackExtension.class)
class AppTopicCollisionIT {

    private static BrokerProcess node;
    private final PersistentSessions clients = new PersistentSessions();

    @BeforeAll
    static void startNode(StackEndpoints stack) throws Exception {
        node = BrokerProcess.start(
                        "collide",
                        stack,
                        Map.of(
                                "MQTT_AUTH_ALLOW_ANONYMOUS",
                                "true",
                                "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS",
                                "app-.*",
                                "MQTT_PERSISTENT_SESSION_APP_REMOVED_TOPIC_GRACE",
                                "1s"))
                .awaitReady();
    }

    @AfterAll
    static void stopNode() {
        BrokerProcess.closeAll(node);
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
    }

    /** The name the earlier layout gave a long id: its first allowed characters, '-', 16 hex of its SHA-256. */
    private static String earlierHashedName(String clientId) throws Exception {
        String hash = "-"
                + HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-256").digest(clientId.getBytes(StandardCharsets.UTF_8)))
                        .substring(0, 16);
        int room = 249 - "relaymq.msg.app.".length() - hash.length();
        return clientId.substring(0, room) + hash;
    }

    private static boolean topicExists(ApiClient api, String clientId) {
        return api.get("/api/app/kafka-topics").text().contains("\"" + AppTopicNames.forClient(clientId) + "\"");
    }

    @Test
    void collidingIdsNeitherReadNorDeleteEachOthersQueue() throws Exception {
        String run = PersistentSessions.id("collide");
        String victimId = "app-victim-" + run + "-" + "v".repeat(220);
        String attackerId = earlierHashedName(victimId);
        assertThat(attackerId).startsWith("app-victim-").hasSize(233).matches("[a-zA-Z0-9._-]+");

        Received victimGot = new Received();
        MqttClient victim = clients.persistent(node, victimId, victimGot, false);
        victim.subscribe("secret/" + run, 1);
        clients.awaitRouted(node, "secret/" + run, victimGot);
        victim.disconnect();

        Received attackerGot = new Received();
        MqttClient attacker = clients.persistent(node, attackerId, attackerGot, false);
        attacker.subscribe("mine/" + run, 1);
        clients.awaitRouted(node, "mine/" + run, attackerGot);

        MqttClient publisher = clients.plain(node);
        publisher.publish("secret/" + run, "secret-1".getBytes(StandardCharsets.UTF_8), 1, false);
        publisher.publish("mine/" + run, "marker".getBytes(StandardCharsets.UTF_8), 1, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> attackerGot.payloads.contains("marker"));
        MqttClient victimBack = clients.persistent(node, victimId, victimGot, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> victimGot.payloads.contains("secret-1"));
        assertThat(attackerGot.payloads)
                .as("the attacker reads only its own queue")
                .doesNotContain("secret-1");

        // the attacker's session ends: only its own topic goes
        ApiClient api = ApiClient.admin(node.httpPort());
        attacker.disconnect();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> api.delete("/api/client-session/remove?clientId=" + attackerId)
                                .status()
                        == 200);
        await().atMost(Duration.ofSeconds(30)).until(() -> !topicExists(api, attackerId));
        assertThat(topicExists(api, victimId))
                .as("the victim's topic outlives the attacker's session")
                .isTrue();
        publisher.publish("secret/" + run, "secret-2".getBytes(StandardCharsets.UTF_8), 1, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> victimGot.payloads.contains("secret-2"));
        assertThat(victimBack.isConnected()).isTrue();
    }
}
