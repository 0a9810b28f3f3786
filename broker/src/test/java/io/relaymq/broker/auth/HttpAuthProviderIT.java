package io.relaymq.broker.auth;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.connect311;
import static io.relaymq.broker.auth.AuthClients.publish;
import static io.relaymq.broker.auth.AuthClients.subscribe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.credentials.CredentialsType;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP provider against an HTTP endpoint started by the test, on the test node (whose provider order
 * puts HTTP before basic). The endpoint decides by user name: {@code allow-…} is allowed with rules naming
 * {@code ${clientId}}, {@code deny-…} denied, {@code slow-…} never answered, anything else ignored.
 */
@RelayMqNodeTest
class HttpAuthProviderIT {

    private static final Duration PROPAGATION = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    MqttServer server;

    @Autowired
    AuthProviderService providers;

    @Autowired
    CredentialsService credentials;

    @Autowired
    UnauthorizedClientLog unauthorizedLog;

    @Autowired
    UnauthorizedClientRepository unauthorized;

    @LocalServerPort
    int apiPort;

    private static final Map<String, AtomicInteger> callsByClientId = new ConcurrentHashMap<>();
    private static final CountDownLatch neverAnswered = new CountDownLatch(1);
    private static ExecutorService endpointThreads;
    private static HttpServer endpoint;
    /** The fail mode the node uses now (null: the provider is off). */
    private static String mode;

    private final AuthClients clients = new AuthClients();

    @BeforeAll
    static void startEndpoint() throws IOException {
        endpointThreads = Executors.newCachedThreadPool();
        endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        endpoint.createContext("/mqtt/auth", HttpAuthProviderIT::decide);
        endpoint.setExecutor(endpointThreads);
        endpoint.start();
    }

    @AfterAll
    static void stopEndpoint(@Autowired AuthProviderService providers) {
        providers.setEnabled(AuthProviderType.HTTP, false);
        mode = null;
        neverAnswered.countDown();
        endpoint.stop(0);
        endpointThreads.shutdownNow();
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private static void decide(HttpExchange exchange) throws IOException {
        JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
        callsByClientId
                .computeIfAbsent(request.get("clientId").stringValue(), k -> new AtomicInteger())
                .incrementAndGet();
        String user =
                request.get("username").isNull() ? "" : request.get("username").stringValue();
        String answer;
        if (user.startsWith("allow-")) {
            answer = "{\"result\":\"ALLOW\",\"clientType\":\"DEVICE\",\"authRules\":{"
                    + "\"pubAuthRulePatterns\":[\"devices/${clientId}/.*\"],"
                    + "\"subAuthRulePatterns\":[\"devices/${clientId}/.*\"]}}";
        } else if (user.startsWith("deny-")) {
            answer = "{\"result\":\"DENY\",\"reason\":\"account locked\"}";
        } else if (user.startsWith("slow-")) {
            awaitRelease();
            answer = "{\"result\":\"ALLOW\"}";
        } else {
            answer = "{\"result\":\"IGNORE\"}";
        }
        byte[] body = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static void awaitRelease() {
        try {
            neverAnswered.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int port() {
        return server.boundPorts().get("tcp");
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private String configuration(String failMode) {
        return "{\"restEndpointUrl\":\"http://127.0.0.1:"
                + endpoint.getAddress().getPort() + "/mqtt/auth\","
                + "\"readTimeoutMs\":400,\"cacheTtlMs\":600000,\"failMode\":\"" + failMode + "\"}";
    }

    /** Switches the provider on with {@code failMode} and waits until this node acts on it. */
    private void useEndpoint(String failMode) {
        if (failMode.equals(mode)) {
            return;
        }
        providers.configure(AuthProviderType.HTTP, configuration(failMode));
        providers.setEnabled(AuthProviderType.HTTP, true);
        mode = failMode;
        String user = unique("slow-probe");
        // fail-open leaves a silent endpoint's client to basic, which does not know it: anonymous access
        // (on in the test node) admits it; fail-closed refuses it as server unavailable
        Mqtt5ConnAckReasonCode expected =
                failMode.equals("OPEN") ? Mqtt5ConnAckReasonCode.SUCCESS : Mqtt5ConnAckReasonCode.SERVER_UNAVAILABLE;
        await().atMost(PROPAGATION)
                .until(() -> connect(clients.v5(unique("probe"), port(), null), user, "pw") == expected);
        clients.closeAll();
    }

    private int calls(String clientId) {
        return callsByClientId.getOrDefault(clientId, new AtomicInteger()).get();
    }

    /** An enabled provider without an endpoint would ignore every client: clearing its endpoint is refused. */
    @Test
    void theEnabledProvidersEndpointCannotBeCleared() {
        useEndpoint("CLOSED");
        assertThatThrownBy(() -> providers.configure(AuthProviderType.HTTP, "{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("restEndpointUrl");
        assertThat(providers.list())
                .filteredOn(row -> row.type() == AuthProviderType.HTTP)
                .singleElement()
                .satisfies(row -> assertThat(row.configuration()).contains("restEndpointUrl"));
    }

    @Test
    void anAllowedClientGetsTheRulesOfTheAnswerExpandedForItsClientId() {
        useEndpoint("CLOSED");
        String clientId = unique("dev");
        Mqtt5BlockingClient client = clients.v5(clientId, port(), null);
        assertThat(connect(client, unique("allow-u"), "pw")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(client, "devices/" + clientId + "/up")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "devices/other/up")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(client, "devices/" + clientId + "/cmd")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(subscribe(client, "devices/+/cmd")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void aClientIdOfRegexOperatorsOrLevelsGainsNoOtherClientsTopics() {
        useEndpoint("CLOSED");
        String regex = unique(".*");
        Mqtt5BlockingClient dotStar = clients.v5(regex, port(), null);
        assertThat(connect(dotStar, unique("allow-u"), "pw")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(dotStar, "devices/b/x")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(publish(dotStar, "devices/" + regex + "/x")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        String levels = "b/" + unique("x");
        Mqtt5BlockingClient twoLevels = clients.v5(levels, port(), null);
        assertThat(connect(twoLevels, unique("allow-u"), "pw")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(twoLevels, "devices/" + levels + "/x")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(twoLevels, "devices/b/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void aDeniedClientIsRefusedAndRecorded() throws Exception {
        useEndpoint("CLOSED");
        String clientId = unique("denied");
        assertThat(connect(clients.v5(clientId, port(), null), unique("deny-u"), "pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        assertThat(connect311(port(), unique("denied"), unique("deny-u"), "pw")).isEqualTo(5);
        unauthorizedLog.flush();
        assertThat(unauthorized.find(clientId)).get().satisfies(entry -> {
            assertThat(entry.reason()).contains("account locked");
            assertThat(entry.passwordProvided()).isTrue();
        });
    }

    @Test
    void anEndpointThatTimesOutFailClosedRefusesAsServerUnavailable() throws Exception {
        useEndpoint("CLOSED");
        String clientId = unique("slow");
        assertThat(connect(clients.v5(clientId, port(), null), unique("slow-u"), "pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SERVER_UNAVAILABLE);
        assertThat(connect311(port(), unique("slow"), unique("slow-u"), "pw")).isEqualTo(3);
        // a failure is not cached: the endpoint is asked again
        assertThat(connect(clients.v5(clientId, port(), null), unique("slow-u"), "pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SERVER_UNAVAILABLE);
        assertThat(calls(clientId)).isEqualTo(2);
    }

    @Test
    void anEndpointThatTimesOutFailOpenLeavesTheClientToTheNextProvider() {
        String user = unique("slow-basic");
        credentials.save(
                null,
                user,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                "{\"userName\":\"" + user + "\",\"password\":\"right\","
                        + "\"authRules\":{\"pubAuthRulePatterns\":[\"basic/.*\"],\"subAuthRulePatterns\":[]}}");
        useEndpoint("OPEN");
        try {
            Mqtt5BlockingClient client = clients.v5(unique("open"), port(), null);
            await().atMost(PROPAGATION).until(() -> connect(client, user, "right") == Mqtt5ConnAckReasonCode.SUCCESS);
            // basic decided: its rules apply, and a wrong password is refused, not let in
            assertThat(publish(client, "basic/1")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            assertThat(publish(client, "devices/x/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
            assertThat(connect(clients.v5(unique("open"), port(), null), user, "wrong"))
                    .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        } finally {
            useEndpoint("CLOSED");
        }
    }

    @Test
    void anAnswerIsReusedWithinItsTtlButNotForAnotherPassword() {
        useEndpoint("CLOSED");
        String clientId = unique("cached");
        String user = unique("allow-u");
        Mqtt5BlockingClient first = clients.v5(clientId, port(), null);
        assertThat(connect(first, user, "pw-1")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        first.disconnect();
        assertThat(connect(clients.v5(clientId, port(), null), user, "pw-1")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(calls(clientId)).isEqualTo(1);
        clients.closeAll();
        assertThat(connect(clients.v5(clientId, port(), null), user, "pw-2")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(calls(clientId)).isEqualTo(2);
    }

    @Test
    void theCheckEndpointAsksTheEndpointForAnAdminOnly() throws Exception {
        useEndpoint("CLOSED");
        ApiClient admin = ApiClient.admin(apiPort);
        String path = "/api/mqtt/auth/provider/http/check";
        Map<String, Object> allow = Map.of("sample", Map.of("clientId", "c-1", "username", "allow-x", "password", "p"));
        assertThat(ApiClient.anonymous(apiPort).post(path, allow).status()).isEqualTo(401);

        ApiClient.Response allowed = admin.post(path, allow);
        assertThat(allowed.status()).isEqualTo(200);
        assertThat(allowed.body().get("result").asString()).isEqualTo("ALLOW");
        assertThat(allowed.body()
                        .get("authRules")
                        .get("pubAuthRulePatterns")
                        .get(0)
                        .asString())
                .isEqualTo("devices/${clientId}/.*");

        ApiClient.Response denied = admin.post(path, Map.of("sample", Map.of("username", "deny-x")));
        assertThat(denied.body().get("result").asString()).isEqualTo("DENY");
        assertThat(denied.body().get("reasonCode").asInt()).isEqualTo(0x87);

        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        ApiClient.Response down = admin.post(
                path,
                Map.of(
                        "type",
                        "HTTP",
                        "configuration",
                        Map.of("restEndpointUrl", "http://127.0.0.1:" + closedPort + "/x", "readTimeoutMs", 2000)));
        assertThat(down.status()).isEqualTo(200);
        assertThat(down.body().get("result").asString()).isEqualTo("ERROR");
        assertThat(down.body().get("reasonCode").asInt()).isEqualTo(0x88);

        ApiClient.Response badUrl =
                admin.post(path, Map.of("configuration", Map.of("restEndpointUrl", "file:///etc/passwd")));
        assertThat(badUrl.status()).isEqualTo(400);
    }
}
