package io.relaymq.broker.api;

import static io.relaymq.broker.auth.AuthClients.connect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.MqttClientState;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Drives the API exactly as TBMQ's own tools do, against a node started as a user would start it
 * (its own JVM, anonymous MQTT access off, token key generated and shared through PostgreSQL): log in,
 * page through credentials, create a basic DEVICE credential with TBMQ's body, connect with it, delete
 * it - which disconnects the client and refuses its next connect.
 */
@RelayMqNodeTest
class TbmqCompatibilityIT {

    @LocalServerPort
    int testNodePort;

    private static BrokerProcess node;
    private final AuthClients clients = new AuthClients();

    @BeforeAll
    static void startNode(StackEndpoints stack) throws Exception {
        node = BrokerProcess.start(
                        "api-compat",
                        stack,
                        Map.of(
                                "MQTT_AUTH_ALLOW_ANONYMOUS",
                                "false",
                                "API_CORS_ALLOWED_ORIGINS",
                                "https://console.example.com"))
                .awaitReady();
    }

    @AfterAll
    static void stopNode() {
        node.close();
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    @Test
    void tbmqToolFlowAgainstARunningNode() {
        ApiClient anonymous = ApiClient.anonymous(node.httpPort());
        // TBMQ tools log in with {username, password} and send the token as "X-Authorization: Bearer <token>"
        ApiClient.Response login = anonymous.post(
                "/api/auth/login", Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD));
        assertThat(login.status()).isEqualTo(200);
        ApiClient api = anonymous.withToken(login.body().get("token").asString());

        ApiClient.Response page =
                api.get("/api/mqtt/client/credentials?pageSize=50&page=0&sortProperty=createdTime&sortOrder=DESC");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body().propertyNames()).contains("data", "totalPages", "totalElements", "hasNext");

        String user = "tbmq-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", user);
        body.put("clientType", "DEVICE");
        body.put("credentialsType", "MQTT_BASIC");
        body.put(
                "credentialsValue",
                "{\"clientId\":null,\"userName\":\"" + user + "\",\"password\":\"secret-1\","
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\".*\"],\"subAuthRulePatterns\":[\".*\"]}}");
        ApiClient.Response created = api.post("/api/mqtt/client/credentials", body);
        assertThat(created.status()).isEqualTo(200);
        JsonNode saved = created.body();
        assertThat(saved.get("credentialsId").asString()).isEqualTo("username|" + user);
        assertThat(saved.get("credentialsValue").asString()).doesNotContain("secret-1");
        String id = saved.get("id").asString();

        var device = clients.v5("dev-" + user, node.mqttPort(), null);
        assertThat(connect(device, user, "secret-1")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        assertThat(api.delete("/api/mqtt/client/credentials/" + id).status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(15)).until(() -> device.getState() != MqttClientState.CONNECTED);
        assertThat(connect(clients.v5("dev2-" + user, node.mqttPort(), null), user, "secret-1"))
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        assertThat(api.get("/api/mqtt/client/credentials/" + id).status()).isEqualTo(404);
    }

    @Test
    void aTokenOfOneNodeIsAcceptedByAnotherWithTheSharedKey() throws Exception {
        // the test's own node signs with a configured key; this node generated one and stored it in PostgreSQL,
        // so a second process without a configured key must accept its tokens
        ApiClient api = ApiClient.admin(node.httpPort());
        assertThat(api.get("/api/auth/user").status()).isEqualTo(200);
        assertThat(api.get("/api/app/service/info").body().toString()).contains("api-compat");
    }

    @Test
    void anotherNodesApiSeesAndDisconnectsThisNodesClients() {
        String user = "x-" + UUID.randomUUID().toString().substring(0, 8);
        ApiClient here = ApiClient.admin(testNodePort);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", user);
        body.put("clientType", "APPLICATION");
        body.put("credentialsType", "MQTT_BASIC");
        body.put("credentialsValue", "{\"userName\":\"" + user + "\",\"password\":\"pw-123456\"}");
        assertThat(here.post("/api/mqtt/client/credentials", body).status()).isEqualTo(200);
        var client = clients.v5("remote-" + user, node.mqttPort(), null);
        await().atMost(Duration.ofSeconds(15))
                .until(() -> connect(client, user, "pw-123456") == Mqtt5ConnAckReasonCode.SUCCESS);

        await().atMost(Duration.ofSeconds(15))
                .until(() -> here.get("/api/client-session/details?clientId=remote-" + user)
                                .status()
                        == 200);
        JsonNode session =
                here.get("/api/client-session/details?clientId=remote-" + user).body();
        assertThat(session.get("nodeId").asString()).isEqualTo("api-compat");
        assertThat(session.get("clientType").asString()).isEqualTo("APPLICATION");

        assertThat(here.delete("/api/client-session/disconnect?clientId=remote-" + user)
                        .status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(15)).until(() -> client.getState() != MqttClientState.CONNECTED);
    }

    @Test
    void corsAllowsOnlyTheConfiguredOrigins() {
        ApiClient anonymous = ApiClient.anonymous(node.httpPort());
        ApiClient.Response allowed = anonymous.send(anonymous
                .request("/api/auth/user")
                .header("Origin", "https://console.example.com")
                .header("Access-Control-Request-Method", "GET")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertThat(allowed.status()).isEqualTo(200);
        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("https://console.example.com");
        ApiClient.Response refused = anonymous.send(anonymous
                .request("/api/auth/user")
                .header("Origin", "https://evil.example.com")
                .header("Access-Control-Request-Method", "GET")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
    }
}
