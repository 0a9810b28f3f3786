package io.relaymq.broker.api;

import static io.relaymq.broker.api.TbmqShapes.has;
import static io.relaymq.broker.api.TbmqShapes.object;
import static io.relaymq.broker.api.TbmqShapes.page;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.support.TestTlsMaterial;
import io.relaymq.broker.transport.MqttServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Walks the paths and body shapes of TBMQ's REST API that its web UI and tools call for the cluster,
 * Kafka, blocked and refused clients, APPLICATION shared subscriptions, the version and the MQTTS CA
 * certificate, and fails on any path or field that differs.
 */
@RelayMqNodeTest
class TbmqAppSurfaceIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    @Autowired
    Admin admin;

    private ApiClient api;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @Test
    void clusterAndKafkaPathsAndShapes() {
        for (String path : new String[] {"/api/app/cluster-info", "/api/app/cluster-info/v2?pageSize=10&page=0"}) {
            page(api.get(path), 1, "brokerId", "address", "brokerSize");
        }
        for (String path : new String[] {"/api/app/kafka-topics", "/api/app/kafka-topics/v2"}) {
            JsonNode topics = page(
                    api.get(path + "?pageSize=100&page=0&textSearch=relaymq.msg.all"),
                    1,
                    "name",
                    "partitions",
                    "replicationFactor",
                    "size");
            assertThat(topics.get("data").get(0).get("size").asLong()).isGreaterThanOrEqualTo(0);
        }
        for (String path : new String[] {"/api/app/consumer-groups", "/api/app/consumer-groups/v2"}) {
            JsonNode groups = page(
                    api.get(path + "?pageSize=100&page=0&textSearch=relaymq-msg-all"),
                    1,
                    "state",
                    "groupId",
                    "members",
                    "lag");
            assertThat(groups.get("data").get(0).get("state").asString()).matches("[A-Z_]+");
        }

        JsonNode services = page(
                api.get("/api/app/service/info"),
                1,
                "serviceId",
                "serviceType",
                "lastUpdateTime",
                "cpuUsage",
                "cpuCount",
                "memoryUsage",
                "totalMemory",
                "diskUsage",
                "totalDiskSpace",
                "status");
        JsonNode self = services.get("data").findParents("serviceId").stream()
                .filter(n -> n.get("serviceId").asString().equals("it-node-1"))
                .findFirst()
                .orElseThrow();
        assertThat(self.get("status").asString()).isEqualTo("ACTIVE");
        assertThat(api.delete("/api/app/service/info?serviceId=it-node-1").status())
                .isEqualTo(409);
        assertThat(api.delete("/api/app/service/info?serviceId=gone-" + run).status())
                .isEqualTo(404);
        assertThat(api.get("/api/app/brokers").body().findValuesAsString("")).isEmpty();
        assertThat(api.get("/api/app/brokers").text()).contains("\"it-node-1\"");

        object(
                api.get("/api/app/config"),
                "basicAuthEnabled",
                "x509AuthEnabled",
                "tcpPort",
                "tlsPort",
                "wsPort",
                "wssPort",
                "tcpListenerEnabled",
                "tlsListenerEnabled",
                "wsListenerEnabled",
                "wssListenerEnabled",
                "tcpMaxPayloadSize",
                "tlsMaxPayloadSize",
                "wsMaxPayloadSize",
                "wssMaxPayloadSize",
                "existsBasicCredentials",
                "existsX509Credentials");
        assertThat(api.get("/api/app/listener/port?listenerName=mqtt").text())
                .isEqualTo(Integer.toString(Endpoints.tcpPort(server)));
        assertThat(api.get("/api/app/listener/port?listenerName=COAP").status()).isEqualTo(400);
    }

    @Test
    void blockedAndUnauthorizedClientPathsAndShapes() {
        long now = System.currentTimeMillis();
        JsonNode active = object(
                api.post(
                        "/api/blockedClient",
                        Map.of(
                                "type",
                                "CLIENT_ID",
                                "clientId",
                                "blk-" + run,
                                "expirationTime",
                                0,
                                "description",
                                "surface test")),
                "type",
                "expirationTime",
                "status",
                "description",
                "value",
                "regexMatchTarget");
        assertThat(active.get("status").asString()).isEqualTo("ACTIVE");
        assertThat(active.get("value").asString()).isEqualTo("blk-" + run);
        assertThat(object(api.post("/api/blockedClient", block("USERNAME", "exp-" + run, now - 3_600_000)), "status")
                        .get("status")
                        .asString())
                .isEqualTo("EXPIRED");
        assertThat(object(
                                api.post("/api/blockedClient", block("USERNAME", "old-" + run, now - 8 * 86_400_000L)),
                                "status")
                        .get("status")
                        .asString())
                .isEqualTo("DELETING_SOON");
        object(
                api.post(
                        "/api/blockedClient",
                        Map.of("type", "REGEX", "pattern", "rx-" + run + "-.*", "regexMatchTarget", "BY_CLIENT_ID")),
                "regexMatchTarget");

        assertThat(api.get("/api/blockedClient/ttl").text())
                .isEqualTo(Long.toString(Duration.ofDays(7).toMinutes()));
        // blocks reach this node's copy through their Kafka topic
        await().atMost(WAIT)
                .until(() -> api.get("/api/blockedClient?pageSize=10&page=0&textSearch=" + run)
                                .body()
                                .get("totalElements")
                                .asLong()
                        >= 3);
        page(api.get("/api/blockedClient?pageSize=10&page=0&textSearch=" + run), 3, "type", "value", "status");
        JsonNode v2 = page(api.get("/api/blockedClient/v2?pageSize=10&page=0&typeList=USERNAME,REGEX&value=" + run), 1);
        assertThat(v2.get("data").findValuesAsString("value"))
                .contains("exp-" + run, "rx-" + run + "-.*")
                .doesNotContain("blk-" + run);
        // the entry expired longer ago than the clean-up TTL goes on its own (swept by the live node with the
        // lowest id, which may be another test's node for as long as it still counts as alive)
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !api.get("/api/blockedClient/v2?pageSize=10&page=0&value=old-" + run)
                        .text()
                        .contains("old-" + run));

        var refused = MqttClient.builder()
                .useMqttVersion5()
                .identifier("blk-" + run)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        assertThatThrownBy(refused::connect).isInstanceOf(Mqtt5ConnAckException.class);
        await().atMost(WAIT)
                .until(() ->
                        api.get("/api/unauthorized/client?clientId=blk-" + run).status() == 200);
        object(
                api.get("/api/unauthorized/client?clientId=blk-" + run),
                "clientId",
                "ipAddress",
                "ts",
                "username",
                "passwordProvided",
                "tlsUsed",
                "reason");
        page(api.get("/api/unauthorized/client?pageSize=10&page=0&textSearch=" + run), 1, "clientId", "reason");
        JsonNode filtered = page(
                api.get("/api/unauthorized/client/v2?pageSize=10&page=0&clientId=blk-" + run
                        + "&passwordProvidedList=false&tlsUsedList=false&reason=block&startTime=" + (now - 60_000)),
                1);
        assertThat(filtered.get("data").findValuesAsString("clientId")).containsExactly("blk-" + run);
        assertThat(page(
                                api.get("/api/unauthorized/client/v2?pageSize=10&page=0&clientId=blk-" + run
                                        + "&tlsUsedList=true"),
                                0)
                        .get("totalElements")
                        .asLong())
                .isZero();

        assertThat(api.delete("/api/blockedClient?type=CLIENT_ID&value=blk-" + run)
                        .status())
                .isEqualTo(200);
        assertThat(api.delete("/api/unauthorized/client?clientId=blk-" + run).status())
                .isEqualTo(200);
    }

    @Test
    void sharedSubscriptionSystemAndCertificatePathsAndShapes() throws Exception {
        String filter = "fleet/" + run + "/#";
        JsonNode created = object(
                api.post(
                        "/api/app/shared/subs", Map.of("name", "fleet-" + run, "topicFilter", filter, "partitions", 2)),
                "id",
                "createdTime",
                "name",
                "topicFilter",
                "partitions");
        assertThat(created.get("topicFilter").asString()).isEqualTo(filter);
        String id = created.get("id").asString();
        page(api.get("/api/app/shared/subs?pageSize=10&page=0&textSearch=" + run), 1, "id", "name", "topicFilter");
        object(api.get("/api/app/shared/subs?topic=" + URLEncoder.encode(filter, StandardCharsets.UTF_8)), "id");
        object(api.get("/api/app/shared/subs/" + id), "topicFilter");
        assertThat(api.delete("/api/app/shared/subs/" + id).status()).isEqualTo(200);

        JsonNode info = object(api.get("/api/system/info"), "newestVersion", "version", "artifact", "name");
        assertThat(info.get("version").asString()).isNotEqualTo("unknown").isNotBlank();

        assertThat(api.get("/api/device-connectivity/mqtts/certificate/configured")
                        .text())
                .isEqualTo("true");
        ApiClient.Response download = api.get("/api/device-connectivity/mqtts/certificate/download");
        assertThat(download.status()).isEqualTo(200);
        assertThat(download.text()).isEqualTo(Files.readString(TestTlsMaterial.mqttsCaFile()));
        assertThat(download.header("x-filename"))
                .isEqualTo(TestTlsMaterial.mqttsCaFile().getFileName().toString());
        assertThat(ApiClient.anonymous(port)
                        .get("/api/device-connectivity/mqtts/certificate/download")
                        .status())
                .isEqualTo(401);
        has(api.get("/api/app/config").body(), "existsX509Credentials");
    }

    /**
     * {@code remove-topics} deletes a client topic whose client has no APPLICATION session, and keeps the topic
     * of a connected APPLICATION client and shared subscription topics.
     */
    @Test
    void removeTopicsDeletesOnlyOrphanClientTopics() throws Exception {
        Map<String, Object> credentials = new LinkedHashMap<>();
        credentials.put("name", "app-" + run);
        credentials.put("clientType", "APPLICATION");
        credentials.put("credentialsType", "MQTT_BASIC");
        credentials.put(
                "credentialsValue",
                "{\"userName\":\"app-" + run + "\",\"password\":null,"
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\".*\"]}}");
        object(api.post("/api/mqtt/client/credentials", credentials), "id");
        Mqtt5BlockingClient app = MqttClient.builder()
                .useMqttVersion5()
                .identifier("live-app-" + run)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        app.connectWith()
                .cleanStart(true)
                .sessionExpiryInterval(600)
                .simpleAuth()
                .username("app-" + run)
                .applySimpleAuth()
                .send();
        String live = AppTopicNames.forClient("live-app-" + run);
        String orphan = AppTopicNames.forClient("gone-app-" + run);
        String shared = AppTopicNames.forSharedFilter("orphan-check/" + run);
        try {
            admin.createTopics(List.of(
                            new NewTopic(orphan, Optional.of(1), Optional.empty()),
                            new NewTopic(shared, Optional.of(1), Optional.empty())))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            await().atMost(WAIT).until(() -> topics().containsAll(List.of(live, orphan, shared)));

            ApiClient.Response removed = api.delete("/api/app/remove-topics");
            assertThat(removed.status()).as(removed.text()).isEqualTo(200);
            assertThat(removed.text()).isEmpty();

            await().atMost(WAIT).until(() -> !topics().contains(orphan));
            assertThat(topics()).contains(live, shared);
            assertThat(app.getState().isConnected()).isTrue();
        } finally {
            app.disconnect();
            api.delete("/api/client-session/remove?clientId=live-app-" + run);
            admin.deleteTopics(List.of(shared)).all().get(20, TimeUnit.SECONDS);
        }
    }

    private Set<String> topics() throws Exception {
        return admin.listTopics().names().get(20, TimeUnit.SECONDS);
    }

    private static Map<String, Object> block(String type, String value, long expirationTime) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put(type.equals("USERNAME") ? "username" : "value", value);
        body.put("expirationTime", expirationTime);
        return body;
    }
}
