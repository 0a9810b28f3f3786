package io.relaymq.broker.integration;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An integration defined through the admin API takes the messages its filters match, in order, from a real
 * MQTT publisher through the node's router and the executor inside the node to a real HTTP endpoint; changes
 * through the API take effect without a restart, and bad definitions are refused.
 */
@RelayMqNodeTest
class IntegrationRoutingIT {

    @LocalServerPort
    int port;

    @Autowired
    MqttServer server;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final JsonMapper json = JsonMapper.builder().build();
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final PahoClients clients = new PahoClients();
    private HttpServer endpoint;
    private ApiClient api;

    @BeforeEach
    void startEndpoint() throws Exception {
        endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        endpoint.createContext("/hook", exchange -> {
            received.add(json.readTree(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        endpoint.start();
        api = ApiClient.admin(port);
    }

    @AfterEach
    void stop() {
        clients.closeAll();
        endpoint.stop(0);
    }

    @Test
    void matchingMessagesReachTheEndpointInOrderAndChangesNeedNoRestart() throws Exception {
        String id = save(null, true, List.of("it/" + run + "/+/data"));
        MqttClient publisher = connect("pub-" + run);

        for (int i = 0; i < 50; i++) {
            publisher.publish("it/" + run + "/dev-" + (i % 3) + "/data", ("m" + i).getBytes(UTF_8), 1, false);
        }
        // a subscriber of the unmatched topic shows when its message was routed (and passed the integration by)
        List<String> unmatched = new CopyOnWriteArrayList<>();
        MqttClient other = connect("other-" + run);
        other.subscribe("it/" + run + "/other", 1, (topic, m) -> unmatched.add(new String(m.getPayload(), UTF_8)));
        publisher.publish("it/" + run + "/other", "not-for-it".getBytes(UTF_8), 1, false);

        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> payloads().size() >= 50);
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> unmatched.contains("not-for-it"));
        // at least once: a Kafka hiccup may repeat a message, but none is missing and nothing unmatched came
        assertThat(new TreeSet<>(payloads())).containsExactlyInAnyOrderElementsOf(numbered(0, 50));
        for (int device = 0; device < 3; device++) {
            // one topic's messages share a msg.all partition and the integration's partition: their order holds
            String topic = "it/" + run + "/dev-" + device + "/data";
            List<Integer> order = received.stream()
                    .filter(n -> n.get("topic").asString().equals(topic))
                    .map(n -> Integer.parseInt(n.get("payload").asString().substring(1)))
                    .distinct()
                    .toList();
            assertThat(order).as(topic).hasSizeGreaterThan(15).isSorted();
        }
        JsonNode first = received.stream()
                .filter(n -> n.get("payload").asString().equals("m0"))
                .findFirst()
                .orElseThrow();
        assertThat(first.get("topic").asString()).isEqualTo("it/" + run + "/dev-0/data");
        assertThat(first.get("clientId").asString()).isEqualTo("pub-" + run);
        assertThat(first.get("qos").asInt()).isEqualTo(1);

        Awaitility.await("the executor inside the node reports its deliveries")
                .atMost(Duration.ofSeconds(30))
                .until(() -> delivered(id) >= 50);
        JsonNode status = api.get("/api/integration/" + id).body().get("status").get(0);
        assertThat(status.get("state").asString()).isEqualTo("ACTIVE");
        assertThat(status.get("deadLettered").asLong()).isZero();

        save(id, false, List.of("it/" + run + "/+/data"));
        // a subscriber of the same topic gets the message in the same routing step that passes the integration by
        List<String> seen = new CopyOnWriteArrayList<>();
        MqttClient probe = connect("probe-" + run);
        probe.subscribe("it/" + run + "/dev-0/data", 1, (topic, m) -> seen.add(new String(m.getPayload(), UTF_8)));
        publisher.publish("it/" + run + "/dev-0/data", "while-disabled".getBytes(UTF_8), 1, false);
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> seen.contains("while-disabled"));
        save(id, true, List.of("it/" + run + "/+/data"));
        publisher.publish("it/" + run + "/dev-0/data", "m50".getBytes(UTF_8), 1, false);

        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> payloads().contains("m50"));
        assertThat(payloads()).as("nothing was routed while it was disabled").doesNotContain("while-disabled");

        assertThat(api.delete("/api/integration/" + id).status()).isEqualTo(200);
        assertThat(api.get("/api/integration/" + id).status()).isEqualTo(404);
    }

    @Test
    void theApiListsRestartsAndRefusesBadDefinitions() {
        String id = save(null, true, List.of("it/" + run + "/list"));
        JsonNode page = api.get("/api/integrations?pageSize=10&page=0&textSearch=" + run)
                .body();
        assertThat(page.get("totalElements").asLong()).isEqualTo(1);
        long version = page.get("data").get(0).get("version").asLong();
        JsonNode restarted = api.post("/api/integration/" + id, Map.of()).body();
        assertThat(restarted.get("version").asLong()).isGreaterThan(version);

        assertThat(refusal(List.of("a/#/b"))).contains("not a valid MQTT topic filter");
        assertThat(refusal(List.of("$share/g/a"))).contains("without $share/");
        assertThat(refusal(List.of())).contains("topicFilters");
        Map<String, Object> noUrl = request(null, true, List.of("a"));
        noUrl.put("configuration", Map.of("method", "POST"));
        assertThat(api.post("/api/integration", noUrl).status()).isEqualTo(400);
        Map<String, Object> huge = request(null, true, List.of("a"));
        huge.put("configuration", Map.of("url", "http://127.0.0.1:1/x", "pad", "x".repeat(20_000)));
        assertThat(api.post("/api/integration", huge).body().get("detail").asString())
                .contains("larger than");
        assertThat(api.post("/api/integration", request(UUID.randomUUID().toString(), true, List.of("a")))
                        .status())
                .as("saving an id that does not exist")
                .isEqualTo(404);

        assertThat(api.delete("/api/integration/" + id).status()).isEqualTo(200);
    }

    @Test
    void tbmqsPlaceForTheFiltersInsideTheConfigurationIsAccepted() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "tbmq-shape-" + run);
        body.put("type", "HTTP");
        body.put("enabled", true);
        body.put("configuration", Map.of("url", hookUrl(), "topicFilters", List.of("it/" + run + "/tbmq")));
        ApiClient.Response saved = api.post("/api/integration", body);
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(saved.body().get("topicFilters").get(0).asString()).isEqualTo("it/" + run + "/tbmq");
        assertThat(saved.body().get("configuration").has("topicFilters")).isFalse();
        assertThat(api.delete("/api/integration/" + saved.body().get("id").asString())
                        .status())
                .isEqualTo(200);
    }

    private long delivered(String id) {
        long sum = 0;
        for (JsonNode s : api.get("/api/integration/" + id).body().get("status")) {
            sum += s.get("delivered").asLong();
        }
        return sum;
    }

    private String refusal(List<String> filters) {
        ApiClient.Response r = api.post("/api/integration", request(null, true, filters));
        assertThat(r.status()).as(r.text()).isEqualTo(400);
        return r.body().get("detail").asString();
    }

    private String save(String id, boolean enabled, List<String> filters) {
        ApiClient.Response r = api.post("/api/integration", request(id, enabled, filters));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.body().get("id").asString();
    }

    private Map<String, Object> request(String id, boolean enabled, List<String> filters) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (id != null) {
            body.put("id", id);
        }
        body.put("name", "hook-" + run);
        body.put("type", "HTTP");
        body.put("enabled", enabled);
        body.put("topicFilters", filters);
        body.put("configuration", Map.of("url", hookUrl(), "body", "JSON"));
        return body;
    }

    private String hookUrl() {
        return "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/hook";
    }

    private MqttClient connect(String clientId) throws Exception {
        MqttClient client = clients.add(new MqttClient(Endpoints.tcp(server), clientId, new MemoryPersistence()));
        client.connect();
        return client;
    }

    private List<String> payloads() {
        List<String> out = new ArrayList<>();
        received.forEach(n -> out.add(n.get("payload").asString()));
        return out;
    }

    private static List<String> numbered(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add("m" + i);
        }
        return out;
    }
}
