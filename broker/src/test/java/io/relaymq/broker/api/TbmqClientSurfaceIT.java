package io.relaymq.broker.api;

import static io.relaymq.broker.api.TbmqShapes.has;
import static io.relaymq.broker.api.TbmqShapes.object;
import static io.relaymq.broker.api.TbmqShapes.page;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Walks the paths and body shapes of TBMQ's REST API that its web UI and tools call for credentials,
 * client sessions, subscriptions and retained messages (from TBMQ's public REST documentation and UI
 * services), and fails on any path or field that differs.
 */
@RelayMqNodeTest
class TbmqClientSurfaceIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    private ApiClient api;
    private final List<Mqtt5BlockingClient> clients = new ArrayList<>();
    private final AuthClients authClients = new AuthClients();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void login() {
        ApiClient anonymous = ApiClient.anonymous(port);
        JsonNode tokens = object(
                anonymous.post(
                        "/api/auth/login",
                        Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD)),
                "token",
                "refreshToken");
        JsonNode refreshed = object(
                anonymous.post(
                        "/api/auth/token",
                        Map.of("refreshToken", tokens.get("refreshToken").asString())),
                "token",
                "refreshToken");
        api = anonymous.withToken(refreshed.get("token").asString());
    }

    @AfterEach
    void close() {
        clients.stream().filter(c -> c.getState().isConnected()).forEach(Mqtt5BlockingClient::disconnect);
        authClients.closeAll();
    }

    @Test
    void credentialsPathsAndShapes() {
        object(api.get("/api/auth/user"), "id", "email", "authority");
        page(api.get("/api/admin?pageSize=10&page=0"), 1, "id", "email");

        JsonNode basic = object(
                api.post("/api/mqtt/client/credentials", basic("basic-" + run, "user-" + run)),
                "id",
                "createdTime",
                "credentialsId",
                "name",
                "clientType",
                "credentialsType",
                "credentialsValue");
        Map<String, Object> ssl = new LinkedHashMap<>();
        ssl.put("name", "cert-" + run);
        ssl.put("clientType", "DEVICE");
        ssl.put("credentialsType", "SSL");
        ssl.put(
                "credentialsValue",
                "{\"certCnPattern\":\"meter-" + run + "\",\"certCnIsRegex\":false,"
                        + "\"authRulesMapping\":{\".*\":{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\".*\"]}}}");
        assertThat(object(api.post("/api/mqtt/client/credentials", ssl), "credentialsType")
                        .get("credentialsType")
                        .asString())
                .isEqualTo("SSL");

        page(
                api.get("/api/mqtt/client/credentials?pageSize=10&page=0&textSearch=" + run),
                2,
                "id",
                "name",
                "clientType",
                "credentialsType",
                "createdTime",
                "additionalInfo");
        JsonNode onlySsl = page(
                api.get("/api/v2/mqtt/client/credentials?pageSize=10&page=0&textSearch=" + run
                        + "&credentialsTypeList=SSL&clientTypeList=DEVICE,APPLICATION"),
                1);
        assertThat(onlySsl.get("data").findValuesAsString("name")).containsExactly("cert-" + run);
        JsonNode byUser = page(api.get("/api/v2/mqtt/client/credentials?pageSize=10&page=0&username=user-" + run), 1);
        assertThat(byUser.get("data").findValuesAsString("name")).containsExactly("basic-" + run);
        assertThat(page(api.get("/api/v2/mqtt/client/credentials?pageSize=10&page=0&certificateCn=meter-" + run), 1)
                        .get("totalElements")
                        .asLong())
                .isEqualTo(1);

        String id = basic.get("id").asString();
        object(api.get("/api/mqtt/client/credentials?name=basic-" + run), "id", "credentialsValue");
        object(api.get("/api/mqtt/client/credentials/" + id), "id", "credentialsValue");
        object(
                api.post(
                        "/api/mqtt/client/credentials/" + id,
                        Map.of("currentPassword", "secret-1", "newPassword", "secret-2")),
                "id");
        // no answer carries the stored hash, and saving without a password keeps the one set
        assertThat(api.get("/api/mqtt/client/credentials/" + id).text()).doesNotContain("$2");
        assertThat(api.get("/api/mqtt/client/credentials?pageSize=10&page=0&textSearch=" + run)
                        .text())
                .doesNotContain("$2");
        Map<String, Object> rename = basic("basic2-" + run, "user-" + run);
        rename.put("id", id);
        rename.put("credentialsValue", "{\"userName\":\"user-" + run + "\"}");
        rename.put("additionalInfo", Map.of("description", "renamed"));
        assertThat(object(api.post("/api/mqtt/client/credentials", rename), "additionalInfo")
                        .get("additionalInfo")
                        .get("description")
                        .asString())
                .isEqualTo("renamed");
        rename.put("additionalInfo", List.of("not", "an", "object"));
        assertThat(api.post("/api/mqtt/client/credentials", rename).status()).isEqualTo(400);
        assertThat(AuthClients.connect(
                        authClients.v5("pw-" + run, Endpoints.tcpPort(server), null), "user-" + run, "secret-2"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(AuthClients.connect(
                        authClients.v5("pw2-" + run, Endpoints.tcpPort(server), null), "user-" + run, "secret-1"))
                .isNotEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        object(
                api.get("/api/mqtt/client/credentials/info"),
                "deviceCredentialsCount",
                "applicationCredentialsCount",
                "totalCount");
        assertThat(api.delete("/api/mqtt/client/credentials/" + id).status()).isEqualTo(200);

        page(api.get("/api/mqtt/auth/providers?pageSize=10&page=0"), 3, "id", "type", "enabled");
        String providerId = object(
                        api.get("/api/mqtt/auth/provider/type/MQTT_BASIC"), "id", "type", "enabled", "configuration")
                .get("id")
                .asString();
        object(api.get("/api/mqtt/auth/provider/" + providerId), "id", "type");
        basicStrategyIsReadAndSet();
    }

    /** The MQTT_BASIC matching strategy as a JSON string; set through the provider's configuration. */
    private void basicStrategyIsReadAndSet() {
        String path = "/api/mqtt/auth/provider/basic/strategy";
        JsonNode stored = api.get("/api/mqtt/auth/provider/type/MQTT_BASIC").body();
        ApiClient.Response initial = api.get(path);
        assertThat(initial.status()).isEqualTo(200);
        assertThat(initial.body().isString()).as(initial.text()).isTrue();
        assertThat(initial.body().asString()).isIn("CLIENT_ID", "USERNAME", "CLIENT_ID_AND_USERNAME");
        Map<String, Object> save = new LinkedHashMap<>();
        save.put("type", "MQTT_BASIC");
        save.put("configuration", Map.of("authStrategy", "PASSWORD"));
        assertThat(api.post("/api/mqtt/auth/provider", save).status()).isEqualTo(400);
        try {
            save.put("configuration", Map.of("authStrategy", "USERNAME"));
            object(api.post("/api/mqtt/auth/provider", save), "configuration");
            assertThat(api.get(path).body().asString()).isEqualTo("USERNAME");
        } finally {
            save.put("configuration", stored.get("configuration"));
            assertThat(api.post("/api/mqtt/auth/provider", save).status()).isEqualTo(200);
        }
        assertThat(api.get(path).body().asString()).isEqualTo(initial.body().asString());
    }

    @Test
    void bulkImportTakesTbmqsJsonRequest() {
        String csv = "name;clientType;clientId;username;password;sub;pub;description\n"
                + "imp-" + run + ";APPLICATION;app-" + run + ";imp-" + run + ";pw;a/#|b/#;a/#;meters\n"
                + "bad-" + run + ";ROBOT;;x-" + run + ";;;;\n";
        Map<String, Object> mapping = new LinkedHashMap<>();
        mapping.put(
                "columns",
                List.of(
                        Map.of("type", "NAME"),
                        Map.of("type", "CLIENT_TYPE"),
                        Map.of("type", "CLIENT_ID"),
                        Map.of("type", "USERNAME"),
                        Map.of("type", "PASSWORD"),
                        Map.of("type", "SUB_AUTH_RULE_PATTERNS"),
                        Map.of("type", "PUB_AUTH_RULE_PATTERNS"),
                        Map.of("type", "DESCRIPTION")));
        mapping.put("delimiter", ";");
        mapping.put("authRulesDelimiter", "|");
        mapping.put("header", true);
        JsonNode result = object(
                api.post("/api/mqtt/client/credentials/bulk_import", Map.of("file", csv, "mapping", mapping)),
                "created",
                "updated",
                "errors",
                "errorsList");
        assertThat(result.get("created").asInt()).isEqualTo(1);
        assertThat(result.get("errors").asInt()).isEqualTo(1);
        assertThat(result.get("errorsList").get(0).asString())
                .startsWith("Line 3: ")
                .contains("CLIENT_TYPE");

        JsonNode saved = object(api.get("/api/mqtt/client/credentials?name=imp-" + run), "credentialsValue");
        assertThat(saved.get("clientType").asString()).isEqualTo("APPLICATION");
        assertThat(saved.get("credentialsValue").asString()).contains("\"a/#\"", "\"b/#\"", "app-" + run);

        String again = "imp-" + run + ";;;;;c/#;\n";
        JsonNode second = object(
                api.post(
                        "/api/mqtt/client/credentials/bulk_import",
                        Map.of(
                                "file",
                                again,
                                "mapping",
                                Map.of(
                                        "columns",
                                        mapping.get("columns"),
                                        "delimiter",
                                        ";",
                                        "authRulesDelimiter",
                                        "|",
                                        "header",
                                        false))),
                "updated");
        assertThat(second.get("updated").asInt()).isEqualTo(1);
        assertThat(object(api.get("/api/mqtt/client/credentials?name=imp-" + run), "credentialsValue")
                        .get("credentialsValue")
                        .asString())
                .contains("\"c/#\"", "app-" + run);
        assertThat(object(api.get("/api/mqtt/client/credentials?name=imp-" + run), "additionalInfo")
                        .get("additionalInfo")
                        .get("description")
                        .asString())
                .isEqualTo("meters");
    }

    @Test
    void sessionAndSubscriptionPathsAndShapes() {
        Mqtt5BlockingClient client = connect("tbmq-" + run);
        client.subscribeWith()
                .topicFilter("surface/" + run + "/+")
                .qos(MqttQos.AT_LEAST_ONCE)
                .send();
        client.subscribeWith()
                .topicFilter("$share/g" + run + "/surface/" + run)
                .qos(MqttQos.AT_MOST_ONCE)
                .send();
        String clientId = "tbmq-" + run;
        await().atMost(WAIT)
                .until(() ->
                        api.get("/api/subscription?clientId=" + clientId).text().contains("$share"));

        page(
                api.get("/api/client-session?pageSize=10&page=0&textSearch=" + run),
                1,
                "id",
                "clientId",
                "connectionState",
                "clientType",
                "nodeId",
                "subscriptionsCount",
                "connectedAt",
                "disconnectedAt",
                "clientIpAdr",
                "cleanStart",
                "sessionId");
        JsonNode filtered = page(
                api.get("/api/v2/client-session?pageSize=10&page=0&textSearch=" + run
                        + "&connectedStatusList=CONNECTED&clientTypeList=DEVICE&subscriptions=2"
                        + "&subscriptionOperation=GREATER_OR_EQUAL&clientIpAddress=127.0"),
                1);
        assertThat(filtered.get("data").findValuesAsString("clientId")).containsExactly(clientId);
        assertThat(page(
                                api.get("/api/v2/client-session?pageSize=10&page=0&textSearch=" + run
                                        + "&subscriptions=2&subscriptionOperation=GREATER"),
                                0)
                        .get("totalElements")
                        .asLong())
                .isZero();
        JsonNode detailed = object(
                api.get("/api/client-session?clientId=" + clientId),
                "clientId",
                "connectionState",
                "clientType",
                "nodeId",
                "cleanStart",
                "subscriptions",
                "connectedAt",
                "disconnectedAt",
                "sessionExpiryInterval",
                "clientIpAdr",
                "keepAliveSeconds",
                "sessionId");
        assertThat(detailed.get("keepAliveSeconds").asInt()).isEqualTo(45);
        String sessionId = detailed.get("sessionId").asString();
        assertThat(UUID.fromString(sessionId).toString()).isEqualTo(sessionId);
        has(detailed.get("subscriptions").get(0), "topicFilter", "qos", "options");
        assertThat(object(api.get("/api/client-session/details?clientId=" + clientId), "mqttVersion", "sessionId")
                        .get("sessionId")
                        .asString())
                .isEqualTo(sessionId);
        object(api.get("/api/client-session/info"), "connectedCount", "disconnectedCount", "totalCount");

        JsonNode own = api.get("/api/subscription?clientId=" + clientId).body();
        assertThat(own.findValuesAsString("qos")).contains("AT_LEAST_ONCE", "AT_MOST_ONCE");
        JsonNode groups = page(
                api.get("/api/subscription?pageSize=10&page=0&shareNameSearch=g" + run + "&clientIdSearch=" + run),
                1,
                "shareName",
                "topicFilter",
                "clients");
        has(groups.get("data").get(0).get("clients").get(0), "clientId", "clientType", "connected");
        JsonNode rows = page(
                api.get("/api/subscription/all?pageSize=10&page=0&clientId=" + run + "&qosList=1"),
                1,
                "clientId",
                "subscription");
        has(rows.get("data").get(0).get("subscription"), "topicFilter", "qos", "options");
        assertThat(rows.get("data").get(0).get("subscription").get("qos").asString())
                .isEqualTo("AT_LEAST_ONCE");
        Map<String, Object> replace = Map.of(
                "clientId",
                clientId,
                "subscriptions",
                List.of(Map.of(
                        "topicFilter",
                        "other/" + run,
                        "qos",
                        "EXACTLY_ONCE",
                        "options",
                        Map.of("noLocal", false, "retainAsPublish", false, "retainHandling", 0))));
        assertThat(api.post("/api/subscription", replace).status()).isEqualTo(200);
        await().atMost(WAIT)
                .until(() ->
                        api.get("/api/subscription?clientId=" + clientId).text().contains("EXACTLY_ONCE"));
        assertThat(api.delete("/api/subscription/topic-trie/clear").status()).isEqualTo(200);

        sessionIdsPickTheConnection(client, clientId, sessionId);
    }

    /** Disconnect and remove with a session id act on that connection only; a stale id is "no such session". */
    private void sessionIdsPickTheConnection(Mqtt5BlockingClient client, String clientId, String sessionId) {
        String disconnect = "/api/client-session/disconnect?clientId=" + clientId + "&sessionId=";
        String remove = "/api/client-session/remove?clientId=" + clientId + "&sessionId=";
        assertThat(api.delete(disconnect + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(api.delete(disconnect + "not-a-uuid").status()).isEqualTo(400);
        assertThat(client.getState().isConnected()).isTrue();
        assertThat(api.delete(disconnect + sessionId).status()).isEqualTo(200);
        await().atMost(WAIT).until(() -> !client.getState().isConnected());
        // the persistent session keeps the id of its last connection
        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session?clientId=" + clientId)
                        .body()
                        .get("connectionState")
                        .asString()
                        .equals("DISCONNECTED"));
        assertThat(api.get("/api/client-session?clientId=" + clientId)
                        .body()
                        .get("sessionId")
                        .asString())
                .isEqualTo(sessionId);

        client.connectWith().cleanStart(false).sessionExpiryInterval(600).send();
        await().atMost(WAIT).until(() -> {
            JsonNode row = api.get("/api/client-session?clientId=" + clientId).body();
            return row.get("connectionState").asString().equals("CONNECTED")
                    && !row.get("sessionId").asString().equals(sessionId);
        });
        String newer = api.get("/api/client-session?clientId=" + clientId)
                .body()
                .get("sessionId")
                .asString();
        assertThat(api.delete(remove + sessionId).status()).isEqualTo(404);
        assertThat(api.delete(disconnect + sessionId).status()).isEqualTo(404);
        assertThat(client.getState().isConnected()).isTrue();
        assertThat(api.delete(remove + newer).status()).isEqualTo(200);
        await().atMost(WAIT).until(() -> !client.getState().isConnected());
        await().atMost(WAIT)
                .until(() -> api.get("/api/client-session?clientId=" + clientId).status() == 404);
    }

    @Test
    void retainedMessagePathsAndShapes() {
        Mqtt5BlockingClient client = connect("ret-" + run);
        client.publishWith()
                .topic("keep/" + run)
                .qos(MqttQos.AT_LEAST_ONCE)
                .retain(true)
                .payload("hello".getBytes(StandardCharsets.UTF_8))
                .userProperties()
                .add("site", "north")
                .applyUserProperties()
                .send();
        await().atMost(WAIT)
                .until(() -> api.get("/api/retained-msg?topicName=keep/" + run).status() == 200);

        page(
                api.get("/api/retained-msg?pageSize=10&page=0&textSearch=" + run),
                1,
                "topic",
                "payload",
                "qos",
                "createdTime",
                "userProperties");
        JsonNode v2 = page(
                api.get("/api/retained-msg/v2?pageSize=10&page=0&topicName=keep/" + run + "&qosList=1,2&payload=ELL"),
                1);
        assertThat(v2.get("data").get(0).get("topic").asString()).isEqualTo("keep/" + run);
        assertThat(page(api.get("/api/retained-msg/v2?pageSize=10&page=0&topicName=keep/" + run + "&qosList=0"), 0)
                        .get("totalElements")
                        .asLong())
                .isZero();
        JsonNode one = object(
                api.get("/api/retained-msg?topicName=keep/" + run),
                "topic",
                "payload",
                "qos",
                "createdTime",
                "userProperties");
        JsonNode property = one.get("userProperties").get("props").get(0);
        assertThat(property.get("k").asString()).isEqualTo("site");
        assertThat(property.get("v").asString()).isEqualTo("north");
        assertThat(api.delete("/api/retained-msg/topic-trie/clear").status()).isEqualTo(200);
        assertThat(api.delete("/api/retained-msg?topicName=keep/" + run).status())
                .isEqualTo(200);
    }

    private static Map<String, Object> basic(String name, String user) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("clientType", "DEVICE");
        body.put("credentialsType", "MQTT_BASIC");
        body.put(
                "credentialsValue",
                "{\"clientId\":null,\"userName\":\"" + user + "\",\"password\":\"secret-1\","
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\".*\"]}}");
        return body;
    }

    private Mqtt5BlockingClient connect(String id) {
        Mqtt5BlockingClient client = MqttClient.builder()
                .useMqttVersion5()
                .identifier(id)
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        client.connectWith()
                .cleanStart(true)
                .sessionExpiryInterval(600)
                .keepAlive(45)
                .send();
        clients.add(client);
        return client;
    }
}
