package io.relaymq.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A node started against the real local stack reports every dependency UP and serves metrics. Its health is
 * DOWN until its Kafka consumer loops have joined their groups (the {@code consumers} component), which the
 * test context does not wait for and which takes longer while Kafka rebalances a group: the health checks wait
 * (bounded) for a 200 first, then look at what it says. A 503 that lasts fails them.
 */
@RelayMqNodeTest
class BrokerNodeIT {

    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    MqttServer mqtt;

    @Test
    void healthReportsKafkaRedisAndPostgresUp() throws Exception {
        HttpResponse<String> health = awaitOk("/actuator/health");
        JsonNode body = json.readTree(health.body());
        assertThat(body.path("status").asString()).isEqualTo("UP");
        JsonNode components = body.path("components");
        for (String dependency : new String[] {"kafka", "redis", "postgres"}) {
            assertThat(components.path(dependency).path("status").asString())
                    .as(dependency)
                    .isEqualTo("UP");
        }
        assertThat(components.path("kafka").path("details").path("brokers").asInt())
                .isEqualTo(1);
        assertThat(components.path("redis").path("details").path("clusterState").asString())
                .isEqualTo("ok");
        assertThat(components.path("redis").path("details").path("masters").asInt())
                .isEqualTo(3);
        assertThat(components.path("postgres").path("details").path("version").asString())
                .matches("\\d+.*");
    }

    /** PostgreSQL is shared by every node and not on the MQTT path: its failover must not empty the load balancer. */
    @Test
    void readinessProbeWaitsForKafkaAndRedisButNotPostgres() throws Exception {
        HttpResponse<String> readiness = awaitOk("/actuator/health/readiness");
        assertThat(readiness.body())
                .contains("\"kafka\"", "\"redis\"", "\"consumers\"")
                .doesNotContain("postgres");
    }

    @Test
    void prometheusMetricsCarryTheNodeId() throws Exception {
        HttpResponse<String> metrics = get("/actuator/prometheus");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body())
                .contains("jvm_memory_used_bytes")
                .contains("node=\"it-node-1\"")
                .contains("hikaricp_connections");
    }

    @Test
    void mqttTrafficShowsInTheMetrics() throws Exception {
        var client = new MqttClient(Endpoints.tcp(mqtt), "metrics-probe", new MemoryPersistence());
        client.connect();
        client.subscribe("metrics/probe", 1);
        client.publish("metrics/probe", new byte[] {1}, 1, false);
        String body = get("/actuator/prometheus").body();
        assertThat(body)
                .contains("relaymq_connections_current")
                .contains("relaymq_connections_opened_total")
                .containsPattern("relaymq_messages_in_total\\{[^}]*qos=\"1\"[^}]*} [1-9]")
                .contains("relaymq_kafka_produce_latency_seconds_count")
                .contains("relaymq_subscriptions")
                .contains("relaymq_retained_messages")
                .contains("relaymq_sessions")
                .containsPattern("relaymq_kafka_consumer_lag\\{[^}]*group=\"relaymq-msg-all\"")
                .containsPattern("lettuce_command_completion_seconds_count\\{[^}]*command=\"[A-Z]+\"");
        client.disconnect();
    }

    /** Every producer comes from {@code KafkaClients}, which binds it to the registry; every loop is counted. */
    @Test
    void kafkaProducersAndConsumerLoopsShowInTheMetrics() throws Exception {
        String body = get("/actuator/prometheus").body();
        assertThat(body)
                .containsPattern("kafka_producer_record_send_total\\{[^}]*client_id=\"relaymq-msg-all-it-node-1\"")
                .containsPattern(
                        "kafka_producer_request_latency_avg\\{[^}]*client_id=\"relaymq-dead-letters-it-node-1\"")
                .containsPattern("relaymq_kafka_consumer_loops\\{[^}]*} [1-9]");
    }

    private HttpResponse<String> awaitOk(String path) {
        return await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> get(path), response -> response.statusCode() == 200);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
