package io.relaymq.broker.api.cluster;

import static io.relaymq.broker.auth.AuthClients.connect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Cluster overview, auth providers, blocked and unauthorized clients, application shared-subscription topics. */
@RelayMqNodeTest
class ClusterApiIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    @Autowired
    Admin kafkaAdmin;

    private ApiClient api;
    private final AuthClients clients = new AuthClients();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    @Test
    void nodesKafkaAndConfigAreDescribed() {
        JsonNode services = api.get("/api/app/service/info").body().get("data");
        JsonNode self = services.findParents("serviceId").stream()
                .filter(n -> n.get("serviceId").asString().equals("it-node-1"))
                .findFirst()
                .orElseThrow();
        assertThat(self.get("status").asString()).isEqualTo("ACTIVE");
        assertThat(self.get("heapUsedBytes").asLong()).isPositive();
        assertThat(self.get("cpuCount").asInt()).isPositive();
        assertThat(api.get("/api/app/brokers").body().findValuesAsString("")).isEmpty();
        assertThat(api.get("/api/app/brokers").text()).contains("it-node-1");

        assertThat(api.get("/api/app/cluster-info")
                        .body()
                        .get("data")
                        .get(0)
                        .get("address")
                        .asString())
                .contains(":");
        JsonNode topics = api.get("/api/app/kafka-topics?pageSize=100&page=0&textSearch=relaymq.msg.all")
                .body();
        assertThat(topics.get("data").get(0).get("name").asString()).isEqualTo("relaymq.msg.all");
        // created with 4; MsgAllOffsetsIT, in the same JVM and stack, may have added one since
        assertThat(topics.get("data").get(0).get("partitions").asInt()).isBetween(4, 5);
        JsonNode groups = api.get("/api/app/consumer-groups").body();
        JsonNode msgAll = groups.findParents("groupId").stream()
                .filter(g -> g.get("groupId").asString().equals("relaymq-msg-all"))
                .findFirst()
                .orElseThrow();
        assertThat(msgAll.get("members").asInt()).isPositive();
        assertThat(msgAll.get("lag").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(api.delete("/api/app/consumer-group?groupId=relaymq-msg-all").status())
                .as("a group with members is not deleted")
                .isEqualTo(409);

        JsonNode config = api.get("/api/app/config").body();
        assertThat(config.get("nodeId").asString()).isEqualTo("it-node-1");
        assertThat(config.get("listeners").get("tcp").get("enabled").asBoolean())
                .isTrue();
        assertThat(config.get("listeners").get("ws").get("path").asString())
                .as("the console's WebSocket client builds its URL with it")
                .isEqualTo("/mqtt");
        assertThat(config.get("limits").get("maxPacketSize").asInt()).isEqualTo(1048576);
    }

    @Test
    void authProvidersAreListedAndSwitched() {
        JsonNode providers = api.get("/api/mqtt/auth/providers").body();
        assertThat(providers.findValuesAsString("type"))
                .containsExactlyInAnyOrder("MQTT_BASIC", "X_509", "JWT", "HTTP", "SCRAM");
        JsonNode jwt = api.get("/api/mqtt/auth/provider/type/JWT").body();
        String id = jwt.get("id").asString();
        assertThat(api.get("/api/mqtt/auth/provider/" + id).body().get("type").asString())
                .isEqualTo("JWT");
        assertThat(api.get("/api/mqtt/auth/providers?pageSize=2&page=0")
                        .body()
                        .get("totalPages")
                        .asInt())
                .isEqualTo(3);

        boolean was = jwt.get("enabled").asBoolean();
        try {
            assertThat(api.post("/api/mqtt/auth/provider/" + id + "/disable", "")
                            .body()
                            .get("enabled")
                            .asBoolean())
                    .isFalse();
            assertThat(api.post("/api/mqtt/auth/provider/" + id + "/enable", "")
                            .body()
                            .get("enabled")
                            .asBoolean())
                    .isTrue();
        } finally {
            api.post("/api/mqtt/auth/provider/" + id + (was ? "/enable" : "/disable"), "");
        }
        ApiClient.Response badConfig = api.post(
                "/api/mqtt/auth/provider",
                Map.of(
                        "type",
                        "JWT",
                        "configuration",
                        Map.of(
                                "jwtVerifierType",
                                "ALGORITHM_BASED",
                                "jwtSignAlgorithmConfiguration",
                                Map.of("algorithm", "HMAC_BASED", "secret", "too-short"))));
        assertThat(badConfig.status()).isEqualTo(400);
        assertThat(api.get("/api/mqtt/auth/provider/" + UUID.randomUUID()).status())
                .isEqualTo(404);
    }

    @Test
    void blockedClientsAreRefusedAndRefusalsAreListed() {
        String clientId = "blocked-" + run;
        ApiClient.Response blocked = api.post(
                "/api/blockedClient", Map.of("type", "CLIENT_ID", "value", clientId, "description", "test block"));
        assertThat(blocked.status()).as(blocked.text()).isEqualTo(200);
        assertThat(api.get("/api/blockedClient?pageSize=10&page=0&textSearch=" + run)
                        .body()
                        .get("totalElements")
                        .asLong())
                .isEqualTo(1);
        await().atMost(WAIT)
                .until(() -> connect(clients.v5(clientId, Endpoints.tcpPort(server), null), null, null)
                        == Mqtt5ConnAckReasonCode.BANNED);

        await().atMost(WAIT)
                .until(() ->
                        api.get("/api/unauthorized/client?clientId=" + clientId).status() == 200);
        JsonNode refused =
                api.get("/api/unauthorized/client?clientId=" + clientId).body();
        assertThat(refused.get("reason").asString()).containsIgnoringCase("blocked");
        assertThat(api.get("/api/unauthorized/client?pageSize=10&page=0&textSearch=" + run)
                        .body()
                        .get("totalElements")
                        .asLong())
                .isEqualTo(1);
        assertThat(api.delete("/api/unauthorized/client?clientId=" + clientId).status())
                .isEqualTo(200);
        assertThat(api.get("/api/unauthorized/client?clientId=" + clientId).status())
                .isEqualTo(404);

        assertThat(api.delete("/api/blockedClient?type=CLIENT_ID&value=" + clientId)
                        .status())
                .isEqualTo(200);
        await().atMost(WAIT)
                .until(() -> connect(clients.v5(clientId, Endpoints.tcpPort(server), null), null, null)
                        == Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(api.delete("/api/blockedClient?type=CLIENT_ID&value=" + clientId)
                        .status())
                .isEqualTo(404);

        ApiClient.Response badRegex = api.post(
                "/api/blockedClient", Map.of("type", "REGEX", "value", "(", "regexMatchTarget", "BY_CLIENT_ID"));
        assertThat(badRegex.status()).isEqualTo(400);
        assertThat(badRegex.body().get("detail").asString()).contains("invalid regular expression");
    }

    @Test
    void applicationSharedSubscriptionTopicsAreCreatedAndDeletedWithTheirKafkaTopic() throws Exception {
        String filter = "fleet/" + run + "/+/telemetry";
        ApiClient.Response created =
                api.post("/api/app/shared/subs", Map.of("name", "fleet-" + run, "topic", filter, "partitions", 3));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        String id = created.body().get("id").asString();
        String kafkaTopic = created.body().get("kafkaTopic").asString();
        assertThat(kafkaTopic)
                .isEqualTo(AppTopicNames.forSharedFilter(filter))
                .startsWith("relaymq.app.shared.fleet-2f");
        assertThat(kafkaAdmin
                        .describeTopics(List.of(kafkaTopic))
                        .allTopicNames()
                        .get()
                        .get(kafkaTopic)
                        .partitions())
                .hasSize(3);

        assertThat(api.get("/api/app/shared/subs?topic=" + URLEncoder.encode(filter, StandardCharsets.UTF_8))
                        .body()
                        .get("id")
                        .asString())
                .isEqualTo(id);
        assertThat(api.get("/api/app/shared/subs?pageSize=10&page=0&textSearch=" + run)
                        .body()
                        .get("totalElements")
                        .asLong())
                .isEqualTo(1);
        assertThat(api.post("/api/app/shared/subs", Map.of("name", "again", "topic", filter))
                        .status())
                .isEqualTo(409);
        assertThat(api.post("/api/app/shared/subs", Map.of("name", "bad", "topic", "a/#/b"))
                        .status())
                .isEqualTo(400);
        assertThat(api.post("/api/app/shared/subs", Map.of("name", "p", "topic", "x/" + run, "partitions", 0))
                        .status())
                .isEqualTo(400);

        assertThat(api.delete("/api/app/shared/subs/" + id).status()).isEqualTo(200);
        assertThat(api.get("/api/app/shared/subs/" + id).status()).isEqualTo(404);
        await().atMost(WAIT).until(() -> !kafkaAdmin.listTopics().names().get().contains(kafkaTopic));
    }

    @Test
    void listEndpointsWithoutPagingAndTheirPagedForms() {
        JsonNode topics = api.get("/api/app/kafka-topics").body();
        assertThat(topics.findValuesAsString("name")).contains("relaymq.msg.all", "relaymq.client.session");
        JsonNode groups = api.get("/api/app/consumer-groups/v2?pageSize=1&page=0&sortProperty=groupId&sortOrder=ASC")
                .body();
        assertThat(groups.get("data")).hasSize(1);
        assertThat(groups.get("totalElements").asLong()).isGreaterThan(1);
        assertThat(api.get("/api/subscription/all").status()).isEqualTo(200);
        assertThat(api.get("/api/retained-msg/v2?pageSize=5&page=0").body().has("totalElements"))
                .isTrue();
        assertThat(api.get("/api/blockedClient/v2?pageSize=5&page=0").status()).isEqualTo(200);
        assertThat(api.get("/api/admin?pageSize=5&page=0&sortProperty=createdTime")
                        .status())
                .isEqualTo(200);
        assertThat(api.get("/api/admin?pageSize=5&page=0&sortProperty=passwordHash")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void aProviderConfigurationIsSavedAndReadBack() {
        JsonNode x509 = api.get("/api/mqtt/auth/provider/type/X_509").body();
        JsonNode original = x509.get("configuration");
        try {
            ApiClient.Response saved = api.post(
                    "/api/mqtt/auth/provider",
                    Map.of("type", "X_509", "configuration", Map.of("skipValidityCheckForClientCert", true)));
            assertThat(saved.status()).as(saved.text()).isEqualTo(200);
            assertThat(api.get("/api/mqtt/auth/provider/" + x509.get("id").asString())
                            .body()
                            .get("configuration")
                            .get("skipValidityCheckForClientCert")
                            .asBoolean())
                    .isTrue();
            assertThat(api.post("/api/mqtt/auth/provider", Map.of("type", "X_509", "configuration", "text"))
                            .status())
                    .isEqualTo(400);
        } finally {
            api.post("/api/mqtt/auth/provider", Map.of("type", "X_509", "configuration", original));
        }
    }

    @Test
    void theWholeUnauthorizedLogCanBeCleared() {
        String clientId = "refused-" + run;
        api.post(
                "/api/mqtt/client/credentials",
                Map.of(
                        "name",
                        "r-" + run,
                        "clientType",
                        "DEVICE",
                        "credentialsType",
                        "MQTT_BASIC",
                        "credentialsValue",
                        "{\"userName\":\"r-" + run + "\",\"password\":\"right-pw\"}"));
        assertThat(connect(clients.v5(clientId, Endpoints.tcpPort(server), null), "r-" + run, "wrong-pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        await().atMost(WAIT)
                .until(() ->
                        api.get("/api/unauthorized/client?clientId=" + clientId).status() == 200);
        assertThat(api.delete("/api/unauthorized/client").status()).isEqualTo(200);
        assertThat(api.get("/api/unauthorized/client?pageSize=10&page=0")
                        .body()
                        .get("totalElements")
                        .asLong())
                .isZero();
    }
}
