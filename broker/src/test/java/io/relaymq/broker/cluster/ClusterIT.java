package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RawMqttClient;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Two broker nodes as separate processes on one stack: a client on one node reaches clients on the
 * other, retained messages and subscriptions are cluster-wide, a node that joins late knows them, and the
 * session details asked on one node count what the other has in flight.
 */
@ExtendWith(LocalStackExtension.class)
class ClusterIT {

    private static BrokerProcess a;
    private static BrokerProcess b;
    private final PahoClients clients = new PahoClients();

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("cluster-a", stack);
        b = BrokerProcess.start("cluster-b", stack);
        a.awaitReady();
        b.awaitReady();
    }

    @AfterAll
    static void stopNodes() {
        BrokerProcess.closeAll(a, b);
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
    }

    private MqttClient persistent(BrokerProcess node, String clientId, BlockingQueue<String> into) throws Exception {
        MqttClient client = new MqttClient(node.mqtt(), clientId, new MemoryPersistence());
        client.setCallback(new Collector(into, true));
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(false);
        options.setConnectionTimeout(30);
        client.connect(options);
        clients.add(client);
        return client;
    }

    private MqttClient client(BrokerProcess node, String prefix) throws Exception {
        MqttClient client = new MqttClient(
                node.mqtt(), prefix + "-" + UUID.randomUUID().toString().substring(0, 8), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(30);
        client.connect(options);
        clients.add(client);
        return client;
    }

    /** Payloads of every message a client receives, and "lost" when its connection drops if asked. */
    private record Collector(BlockingQueue<String> into, boolean reportLoss) implements MqttCallback {

        @Override
        public void connectionLost(Throwable cause) {
            if (reportLoss) {
                into.add("lost");
            }
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            into.add(new String(message.getPayload(), StandardCharsets.UTF_8));
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {}
    }

    private static String unique(String prefix) {
        return prefix + "/" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A subscription becomes effective cluster-wide once replicated: probe until routing reaches it. */
    private static void awaitRouted(MqttClient publisher, String topic, BlockingQueue<String> received) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            publisher.publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 0, false);
            return received.poll(500, TimeUnit.MILLISECONDS) != null;
        });
        received.clear();
    }

    private static String take(BlockingQueue<String> queue) throws InterruptedException {
        String value;
        do {
            value = queue.poll(30, TimeUnit.SECONDS);
        } while ("probe".equals(value));
        return value;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void publishOnOneNodeReceiveOnTheOther(int qos) throws Exception {
        String topic = unique("cluster/qos" + qos);
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client(b, "sub")
                .subscribe(topic, qos, (t, m) -> received.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
        MqttClient publisher = client(a, "pub");
        awaitRouted(publisher, topic, received);

        publisher.publish(topic, ("across-" + qos).getBytes(StandardCharsets.UTF_8), qos, false);

        assertThat(take(received)).isEqualTo("across-" + qos);
    }

    @Test
    void wildcardSubscriptionOnOneNodeMatchesPublishesOnTheOther() throws Exception {
        String base = unique("cluster/wild");
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client(a, "wild").subscribe(base + "/+/temp", 1, (t, m) -> received.add(t));
        MqttClient publisher = client(b, "pub");
        awaitRouted(publisher, base + "/probe/temp", received);

        publisher.publish(base + "/kitchen/temp", "21".getBytes(StandardCharsets.UTF_8), 1, false);
        publisher.publish(base + "/kitchen/humidity", "40".getBytes(StandardCharsets.UTF_8), 1, false);
        publisher.publish(base + "/hall/temp", "19".getBytes(StandardCharsets.UTF_8), 1, false);

        assertThat(List.of(take(received), take(received)))
                .containsExactlyInAnyOrder(base + "/kitchen/temp", base + "/hall/temp");
        assertThat(received.poll(1, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void retainedMessageSetOnOneNodeReachesANewSubscriberOnTheOther() throws Exception {
        String topic = unique("cluster/retained");
        client(a, "pub").publish(topic, "on".getBytes(StandardCharsets.UTF_8), 1, true);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            BlockingQueue<String> got = new LinkedBlockingQueue<>();
            MqttClient late = client(b, "late");
            late.subscribe(topic, 1, (t, m) -> got.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
            assertThat(got.poll(2, TimeUnit.SECONDS)).isEqualTo("on");
        });
    }

    @Test
    void sharedSubscriptionSpanningNodesSplitsWithoutLossOrDuplicates() throws Exception {
        String topic = unique("cluster/shared");
        String filter = "$share/" + UUID.randomUUID().toString().substring(0, 6) + "/" + topic;
        BlockingQueue<String> onA = new LinkedBlockingQueue<>();
        BlockingQueue<String> onB = new LinkedBlockingQueue<>();
        // Paho 3 cannot match "$share/..." to a per-subscription listener: use the client-wide callback
        member(a, filter, onA);
        member(b, filter, onB);
        MqttClient publisher = client(a, "pub");
        BlockingQueue<String> either = new LinkedBlockingQueue<>();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            publisher.publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 1, false);
            return onB.poll(300, TimeUnit.MILLISECONDS) != null;
        });
        onA.clear();
        onB.clear();

        for (int i = 0; i < 40; i++) {
            publisher.publish(topic, ("job" + i).getBytes(StandardCharsets.UTF_8), 1, false);
        }
        List<String> all = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            onA.drainTo(either);
            onB.drainTo(either);
            either.drainTo(all);
            all.removeIf("probe"::equals);
            return all.size() >= 40;
        });
        assertThat(new HashSet<>(all)).hasSize(40);
        assertThat(all).hasSize(40);
    }

    private void member(BrokerProcess node, String filter, BlockingQueue<String> into) throws Exception {
        MqttClient member = client(node, "member");
        member.setCallback(new Collector(into, false));
        member.subscribe(filter, 1);
    }

    @Test
    void connectingToAnotherNodeTakesOverThePersistentSessionWithItsSubscriptions() throws Exception {
        String clientId = "mover-" + UUID.randomUUID().toString().substring(0, 8);
        String topic = unique("cluster/takeover");
        BlockingQueue<String> first = new LinkedBlockingQueue<>();
        MqttClient onA = persistent(a, clientId, first);
        onA.subscribe(topic, 1);
        MqttClient publisher = client(b, "pub");
        awaitRouted(publisher, topic, first);

        BlockingQueue<String> second = new LinkedBlockingQueue<>();
        MqttClient onB = persistent(b, clientId, second);

        assertThat(first.poll(30, TimeUnit.SECONDS))
                .as("A closed the old connection")
                .isEqualTo("lost");
        assertThat(onB.isConnected()).isTrue();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            publisher.publish(topic, "after-move".getBytes(StandardCharsets.UTF_8), 1, false);
            return "after-move".equals(second.poll(500, TimeUnit.MILLISECONDS));
        });
        assertThat(onA.isConnected()).isFalse();
    }

    @Test
    void clientsOfAKilledNodeKeepTheirPersistentSessionsOnAnotherNode(StackEndpoints stack) throws Exception {
        String clientId = "survivor-" + UUID.randomUUID().toString().substring(0, 8);
        String topic = unique("cluster/crash");
        BlockingQueue<String> before = new LinkedBlockingQueue<>();
        String cleanClient;
        try (BrokerProcess doomed = BrokerProcess.start("cluster-doomed", stack).awaitReady()) {
            persistent(doomed, clientId, before).subscribe(topic, 1);
            MqttClient clean = client(doomed, "clean");
            clean.subscribe(topic + "/clean", 0);
            cleanClient = clean.getClientId();
            awaitRouted(client(a, "warm"), topic, before);
            doomed.kill();
        }
        assertThat(before.poll(30, TimeUnit.SECONDS)).isEqualTo("lost");

        // the crashed node is noticed: it leaves the registry, its clean session ends cluster-wide
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !ClusterState.registeredNodes(stack).contains("cluster-doomed"));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Map<String, byte[]> sessions = ClusterState.latestRecords(stack, "relaymq.client.session");
            assertThat(sessions).containsKey(cleanClient);
            assertThat(sessions.get(cleanClient)).as("tombstone").isNull();
            assertThat(SessionInfo.decode(sessions.get(clientId)).connected()).isFalse();
        });

        BlockingQueue<String> after = new LinkedBlockingQueue<>();
        // until the cluster notices the crash, CONNECTs decided by the dead node are refused: retry like a client
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> persistent(b, clientId, after).isConnected());
        MqttClient publisher = client(a, "pub");
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            publisher.publish(topic, "still-subscribed".getBytes(StandardCharsets.UTF_8), 1, false);
            return "still-subscribed".equals(after.poll(500, TimeUnit.MILLISECONDS));
        });
    }

    /** The session details asked on one node show the in-flight count of a client the other node holds. */
    @Test
    void theDetailsOnOneNodeShowTheInFlightCountOfAClientOnTheOther() throws Exception {
        String clientId = "unacked-" + UUID.randomUUID().toString().substring(0, 8);
        String topic = unique("cluster/in-flight");
        try (RawMqttClient onB = RawMqttClient.connectPersistent(b.mqtt(), clientId)) {
            onB.subscribe(1, topic, 1);
            MqttClient publisher = client(a, "pub");
            // routed from node a once a QoS 0 probe arrives
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                publisher.publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 0, false);
                return onB.poll(500) != null;
            });
            for (int i = 0; i < 3; i++) {
                publisher.publish(topic, ("q" + i).getBytes(StandardCharsets.UTF_8), 1, false);
            }
            for (int i = 0; i < 3; i++) {
                assertThat(onB.nextAcknowledgedPublish().qos()).isEqualTo(1); // never acknowledged
            }

            ApiClient onA = ApiClient.admin(a.httpPort());
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                JsonNode details = onA.get("/api/client-session/details?clientId=" + clientId)
                        .body();
                assertThat(details.get("nodeId").asString()).isEqualTo("cluster-b");
                assertThat(details.get("inFlightMessages").isNull()).isFalse();
                assertThat(details.get("inFlightMessages").intValue()).isEqualTo(3);
            });
        }
    }

    /** One node decides each session change in order, so of two simultaneous connects exactly one stays. */
    @Test
    void simultaneousConnectsOfOneClientIdLeaveExactlyOneConnection() throws Exception {
        String clientId = "twin-" + UUID.randomUUID().toString().substring(0, 8);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(false);
        options.setConnectionTimeout(30);
        List<MqttAsyncClient> twins = List.of(
                new MqttAsyncClient(a.mqtt(), clientId, new MemoryPersistence()),
                new MqttAsyncClient(b.mqtt(), clientId, new MemoryPersistence()));
        try {
            for (var twin : twins) {
                twin.connect(options);
            }
            await().atMost(Duration.ofSeconds(60))
                    .during(Duration.ofSeconds(2))
                    .until(() ->
                            twins.stream().filter(MqttAsyncClient::isConnected).count() == 1);
        } finally {
            for (var twin : twins) {
                try {
                    twin.disconnectForcibly(1000, 1000);
                    twin.close(true);
                } catch (Exception e) {
                    // already gone
                }
            }
        }
    }

    @Test
    void aNodeJoiningLateKnowsTheSessionsAndSubscriptionsOfTheOthers(StackEndpoints stack) throws Exception {
        String topic = unique("cluster/late");
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        MqttClient subscriber = client(a, "early");
        subscriber.subscribe(topic, 1, (t, m) -> received.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
        String roamerId = "roamer-" + UUID.randomUUID().toString().substring(0, 8);
        BlockingQueue<String> roamerEvents = new LinkedBlockingQueue<>();
        persistent(a, roamerId, roamerEvents).subscribe(topic + "/roamer", 1);
        awaitRouted(client(b, "warm"), topic, received);

        try (BrokerProcess c = BrokerProcess.start("cluster-c", stack).awaitReady()) {
            client(c, "pub").publish(topic, "from-c".getBytes(StandardCharsets.UTF_8), 1, false);
            assertThat(take(received)).isEqualTo("from-c");

            BlockingQueue<String> onC = new LinkedBlockingQueue<>();
            MqttClient roamer = new MqttClient(c.mqtt(), roamerId, new MemoryPersistence());
            roamer.setCallback(new Collector(onC, false));
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(false);
            options.setConnectionTimeout(30);
            var token = roamer.connectWithResult(options);
            clients.add(roamer);
            assertThat(token.getSessionPresent())
                    .as("the late node continues the session")
                    .isTrue();
            assertThat(roamerEvents.poll(30, TimeUnit.SECONDS)).isEqualTo("lost");
            MqttClient publisher = client(b, "pub");
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                publisher.publish(topic + "/roamer", "to-c".getBytes(StandardCharsets.UTF_8), 1, false);
                return "to-c".equals(onC.poll(500, TimeUnit.MILLISECONDS));
            });
        }
        // a graceful shutdown leaves the node's persistent sessions marked disconnected, not gone
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            SessionInfo roamer = SessionInfo.decode(
                    ClusterState.latestRecords(stack, "relaymq.client.session").get(roamerId));
            assertThat(roamer.ownerNode()).isEqualTo("cluster-c");
            assertThat(roamer.connected()).isFalse();
        });
        assertThat(ClusterState.registeredNodes(stack)).doesNotContain("cluster-c");
    }
}
