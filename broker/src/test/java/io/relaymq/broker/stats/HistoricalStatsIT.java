package io.relaymq.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The historical statistics on the real stack: two nodes (this test's and one in its own JVM) each write
 * their points, MQTT traffic shows up under the right node and in the total, the rollup adds points up per
 * hour, retention deletes old rows, and the API answers in its shapes and refuses bad parameters.
 */
@RelayMqNodeTest
class HistoricalStatsIT {

    private static final long HOUR = 3_600_000;
    private static final long MINUTE = 60_000;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static BrokerProcess other;

    @Autowired
    MqttServer server;

    @Autowired
    StatsRollup rollup;

    @Autowired
    DataSource dataSource;

    @LocalServerPort
    int apiPort;

    private final List<MqttClient> clients = new ArrayList<>();

    /** Started here, waited for only by the test that uses it, so the other tests run while it starts. */
    @BeforeAll
    static void startSecondNode(StackEndpoints stack) throws Exception {
        other = BrokerProcess.start(
                "stats-b", stack, Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "true", "STATS_HISTORY_INTERVAL", "2s"));
    }

    @AfterAll
    static void stopSecondNode() {
        BrokerProcess.closeAll(other);
    }

    @AfterEach
    void disconnect() throws Exception {
        for (MqttClient client : clients) {
            if (client.isConnected()) {
                client.disconnect();
            }
            client.close();
        }
    }

    private MqttClient connect(String uri) throws Exception {
        MqttClient client =
                new MqttClient(uri, "stats-" + UUID.randomUUID().toString().substring(0, 8), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(30);
        client.connect(options);
        clients.add(client);
        return client;
    }

    private static void publish(MqttClient client, String topic, int count, int qos) throws Exception {
        for (int i = 0; i < count; i++) {
            client.publish(topic, ("m" + i).getBytes(StandardCharsets.UTF_8), qos, false);
        }
    }

    /** The sum of {@code key} over one bucket covering [from, to) for {@code entity}. */
    private static long sum(ApiClient api, String entity, String key, long from, long to) {
        JsonNode body = ok(api.get("/api/timeseries/" + entity + "/values?keys=" + key + "&startTs=" + from + "&endTs="
                + to + "&interval=" + (to - from) + "&agg=SUM"));
        JsonNode points = body.get(key);
        return points.isEmpty() ? 0 : points.get(0).get("value").asLong();
    }

    private static JsonNode ok(ApiClient.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.body();
    }

    @Test
    void everyNodeWritesItsPointsAndTrafficCountsForTheNodeItPassedAndInTheTotal() throws Exception {
        other.awaitReady();
        ApiClient api = ApiClient.admin(apiPort);
        long from = System.currentTimeMillis() - 4_000;
        String topic = "stats/" + UUID.randomUUID().toString().substring(0, 8);
        AtomicInteger received = new AtomicInteger();
        MqttClient subscriber = connect(Endpoints.tcp(server));
        subscriber.subscribe(topic, 1, (t, m) -> received.incrementAndGet());
        MqttClient here = connect(Endpoints.tcp(server));
        publish(here, topic, 6, 1);
        // nobody subscribes on the other node's side: its only traffic is what this test publishes there
        MqttClient there = connect(other.mqtt());
        publish(there, "stats-nobody/" + topic, 9, 1);
        await().atMost(WAIT).until(() -> received.get() >= 6);

        await().atMost(WAIT).untilAsserted(() -> {
            long to = System.currentTimeMillis() + 4_000;
            assertThat(sum(api, "stats-b", "incomingMsgs", from, to)).isEqualTo(9);
            assertThat(sum(api, "stats-b", "incomingMsgsQos1", from, to)).isEqualTo(9);
            assertThat(sum(api, "stats-b", "inboundPayloadTraffic", from, to)).isEqualTo(9 * 2);
            assertThat(sum(api, "it-node-1", "incomingMsgs", from, to)).isGreaterThanOrEqualTo(6);
            assertThat(sum(api, "it-node-1", "outgoingMsgs", from, to)).isGreaterThanOrEqualTo(6);
            assertThat(sum(api, "it-node-1", "outgoingMsgsQos1", from, to)).isGreaterThanOrEqualTo(6);
            assertThat(sum(api, "total", "incomingMsgs", from, to)).isGreaterThanOrEqualTo(6 + 9);
        });

        for (String node : List.of("stats-b", "it-node-1")) {
            JsonNode latest = ok(api.get("/api/timeseries/latest?entityId=" + node));
            assertThat(latest.get("connections").get("ts").asLong())
                    .as("the newest point of %s", node)
                    .isGreaterThanOrEqualTo(from);
            assertThat(latest.properties()).hasSize(StatsKey.values().length);
        }
        // the node may have written only one point since it started: wait for the second, never assume it
        JsonNode points = await().atMost(WAIT)
                .until(
                        () -> ok(api.get("/api/timeseries/stats-b/values?keys=connections&startTs=" + from + "&endTs="
                                        + System.currentTimeMillis() + "&limit=1000"))
                                .get("connections"),
                        p -> p.size() >= 2);
        for (int i = 1; i < points.size(); i++) {
            long step = points.get(i).get("ts").asLong()
                    - points.get(i - 1).get("ts").asLong();
            assertThat(step % 2_000).as("points on the 2 s grid, ascending").isZero();
            assertThat(step).isPositive();
        }
    }

    @Test
    void theRollupAddsThePointsUpPerHourForEachNodeAndForTheTotal() {
        Jdbc jdbc = new Jdbc(dataSource);
        long h = Math.floorDiv(System.currentTimeMillis(), HOUR) * HOUR - 49 * HOUR;
        String a = "rollup-a-" + UUID.randomUUID().toString().substring(0, 6);
        String b = "rollup-b-" + UUID.randomUUID().toString().substring(0, 6);
        // no node writes points two days back: what is there comes from earlier runs of this test
        jdbc.update("DELETE FROM stats_minute WHERE ts >= ? AND ts < ?", h, h + 2 * HOUR);
        jdbc.update("DELETE FROM stats_hour WHERE ts >= ? AND ts < ?", h, h + 2 * HOUR);
        insert(jdbc, a, "incomingMsgs", h, 5);
        insert(jdbc, a, "incomingMsgs", h + MINUTE, 7);
        insert(jdbc, a, "incomingMsgs", h + 59 * MINUTE, 11);
        insert(jdbc, a, "incomingMsgs", h + HOUR, 4);
        insert(jdbc, b, "incomingMsgs", h, 100);
        insert(jdbc, a, "retainedMsgs", h, 10);
        insert(jdbc, a, "retainedMsgs", h + MINUTE, 20);
        insert(jdbc, b, "retainedMsgs", h, 15);
        insert(jdbc, b, "retainedMsgs", h + MINUTE, 30);

        rollup.runAt(h + HOUR + 30 * MINUTE);
        rollup.runAt(h + HOUR + 30 * MINUTE); // again: the same rows, not twice the sums

        assertThat(hourRow(jdbc, a, "incomingMsgs", h)).containsExactly(23L, 3L, 5L, 11L);
        assertThat(hourRow(jdbc, a, "incomingMsgs", h + HOUR)).containsExactly(4L, 1L, 4L, 4L);
        // the total per minute: 105, 7, 11
        assertThat(hourRow(jdbc, "*", "incomingMsgs", h)).containsExactly(123L, 3L, 7L, 105L);
        // retained messages are the cluster's: the total takes the larger node value per minute (15, 30)
        assertThat(hourRow(jdbc, "*", "retainedMsgs", h)).containsExactly(45L, 2L, 15L, 30L);

        ApiClient api = ApiClient.admin(apiPort);
        String range = "&startTs=" + h + "&endTs=" + (h + 2 * HOUR);
        JsonNode hourly =
                ok(api.get("/api/timeseries/total/values?keys=incomingMsgs&interval=3600000&agg=SUM" + range));
        assertThat(hourly.get("incomingMsgs").toString())
                .isEqualTo("[{\"ts\":" + h + ",\"value\":123},{\"ts\":" + (h + HOUR) + ",\"value\":4}]");
        JsonNode average =
                ok(api.get("/api/timeseries/total/values?keys=retainedMsgs&interval=3600000&agg=AVG" + range));
        assertThat(average.get("retainedMsgs").get(0).get("value").asDouble()).isEqualTo(22.5);
        JsonNode nodeMax = ok(api.get("/api/timeseries/" + a + "/values?keys=incomingMsgs,retainedMsgs"
                + "&interval=3600000&agg=MAX" + range));
        assertThat(nodeMax.get("incomingMsgs").get(0).get("value").asLong()).isEqualTo(11);
        assertThat(nodeMax.get("retainedMsgs").get(0).get("value").asLong()).isEqualTo(20);

        // the same range in half-hour buckets comes from the points themselves
        JsonNode raw = ok(api.get("/api/timeseries/total/values?keys=incomingMsgs&interval=1800000&agg=SUM" + range));
        assertThat(raw.get("incomingMsgs").toString())
                .isEqualTo("[{\"ts\":" + h + ",\"value\":112},{\"ts\":" + (h + 30 * MINUTE) + ",\"value\":11},"
                        + "{\"ts\":" + (h + HOUR) + ",\"value\":4}]");
    }

    @Test
    void theLatestTotalCountsANodeThatHasNotWrittenTheNewestIntervalYet() {
        Jdbc jdbc = new Jdbc(dataSource);
        // far ahead of the live nodes' points, so these are the newest; removed again at the end
        long t = (Math.floorDiv(System.currentTimeMillis(), HOUR) + 24 * 30) * HOUR;
        String a = "latest-a-" + UUID.randomUUID().toString().substring(0, 6);
        String b = "latest-b-" + UUID.randomUUID().toString().substring(0, 6);
        String c = "latest-c-" + UUID.randomUUID().toString().substring(0, 6);
        try {
            insert(jdbc, a, "connections", t, 10);
            insert(jdbc, b, "connections", t - 2_000, 5); // b wrote the interval before and not yet this one
            insert(jdbc, c, "connections", t - 60_000, 1000); // c stopped long ago: it no longer counts
            JsonNode latest =
                    ok(ApiClient.admin(apiPort).get("/api/timeseries/latest?entityId=total&keys=connections"));
            assertThat(latest.get("connections").get("ts").asLong()).isEqualTo(t);
            assertThat(latest.get("connections").get("value").asLong()).isEqualTo(15);
        } finally {
            jdbc.update("DELETE FROM stats_minute WHERE entity_id IN (?, ?, ?)", a, b, c);
        }
    }

    @Test
    void retentionDeletesPointsAndHourlyRowsPastTheirAge() {
        Jdbc jdbc = new Jdbc(dataSource);
        long now = System.currentTimeMillis();
        String c = "retention-" + UUID.randomUUID().toString().substring(0, 6);
        insert(jdbc, c, "sessions", now - 8 * 24 * HOUR, 1);
        insert(jdbc, c, "sessions", now - 24 * HOUR, 2);
        jdbc.update(
                "INSERT INTO stats_hour VALUES (?, 'sessions', ?, 1, 1, 1, 1), (?, 'sessions', ?, 2, 1, 2, 2)",
                c,
                now - 91 * 24 * HOUR,
                c,
                now - 10 * 24 * HOUR);

        rollup.runAt(now);

        assertThat(jdbc.query("SELECT value FROM stats_minute WHERE entity_id = ?", r -> r.getLong(1), c))
                .containsExactly(2L);
        assertThat(jdbc.query("SELECT value_sum FROM stats_hour WHERE entity_id = ?", r -> r.getLong(1), c))
                .containsExactly(2L);
    }

    @Test
    void theApiRefusesBadParametersWithAProblem() {
        ApiClient api = ApiClient.admin(apiPort);
        long now = System.currentTimeMillis();
        Map<String, String> refusals = Map.of(
                "/api/timeseries/total/values?keys=incomingMsgs,bogus&startTs=0&endTs=1",
                "unknown key 'bogus'",
                "/api/timeseries/total/values?keys=incomingMsgs&startTs=10&endTs=5",
                "endTs",
                "/api/timeseries/bad%20node/values?keys=incomingMsgs&startTs=0&endTs=1",
                "entityId",
                "/api/timeseries/total/values?keys=incomingMsgs&startTs=0&endTs=" + now + "&interval=60000&agg=SUM",
                "at most 700",
                "/api/timeseries/total/values?keys=incomingMsgs&startTs=0&endTs=1&agg=MEDIAN",
                "agg",
                "/api/timeseries/total/values?keys=incomingMsgs&endTs=1",
                "startTs",
                "/api/timeseries/latest?entityId=total&keys=nope",
                "unknown key 'nope'",
                "/api/timeseries/latest?entityId=" + "x".repeat(101),
                "entityId");
        refusals.forEach((path, detail) -> {
            ApiClient.Response response = api.get(path);
            assertThat(response.status()).as(path).isEqualTo(400);
            assertThat(response.body().get("detail").asString()).as(path).contains(detail);
        });
        assertThat(ApiClient.anonymous(apiPort)
                        .get("/api/timeseries/latest?entityId=total")
                        .status())
                .isEqualTo(401);
        JsonNode empty = ok(api.get("/api/timeseries/never-a-node/values?keys=sessions,kafkaLag&startTs=0&endTs=1"));
        assertThat(empty.toString()).isEqualTo("{\"sessions\":[],\"kafkaLag\":[]}");
    }

    private static void insert(Jdbc jdbc, String entity, String key, long ts, long value) {
        jdbc.update("INSERT INTO stats_minute (entity_id, key, ts, value) VALUES (?, ?, ?, ?)", entity, key, ts, value);
    }

    private static List<Long> hourRow(Jdbc jdbc, String entity, String key, long ts) {
        return jdbc.queryOne(
                        "SELECT value_sum, value_count, value_min, value_max FROM stats_hour"
                                + " WHERE entity_id = ? AND key = ? AND ts = ?",
                        r -> List.of(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4)),
                        entity,
                        key,
                        ts)
                .orElseThrow(() -> new AssertionError("no hourly row " + entity + " " + key + " " + ts));
    }
}
