package io.relaymq.broker.persistence.application;

import static io.relaymq.broker.support.PersistentSessions.awaitAllInOrder;
import static io.relaymq.broker.support.PersistentSessions.id;
import static io.relaymq.broker.support.PersistentSessions.publishAll;
import static io.relaymq.broker.support.PersistentSessions.sequence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Persistent APPLICATION sessions read their own Kafka topic: an application away while 10,000 QoS 1
 * messages arrive gets all of them in order when it returns, on the same node, on another node, and
 * after the node delivering to it was killed; its replay is throttled to the configured rate. Clients
 * named {@code app-…} are APPLICATION clients here (anonymous-application pattern).
 */
@ExtendWith(LocalStackExtension.class)
class ApplicationPersistenceIT {

    private static final Logger log = LoggerFactory.getLogger(ApplicationPersistenceIT.class);
    private static final int MESSAGES = 10_000;
    private static final int THROTTLED_RATE = 4_000;

    private static BrokerProcess a;
    private static BrokerProcess b;
    private final PersistentSessions clients = new PersistentSessions();

    private static Map<String, String> env(int replayRate) {
        return Map.of(
                "MQTT_AUTH_ALLOW_ANONYMOUS",
                "true",
                "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS",
                "app-.*",
                "MQTT_PERSISTENT_SESSION_APP_REPLAY_RATE",
                Integer.toString(replayRate),
                "MQTT_PERSISTENT_SESSION_APP_REMOVED_TOPIC_GRACE",
                "3s");
    }

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("app-a", stack, env(0));
        b = BrokerProcess.start("app-b", stack, env(THROTTLED_RATE));
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

    /** Subscribes {@code clientId} on {@code home}, leaves, and lets {@code MESSAGES} arrive through {@code via}. */
    private String missWhileAway(String clientId, BrokerProcess home, BrokerProcess via) throws Exception {
        String topic = "apps/" + clientId;
        Received first = new Received();
        MqttClient subscriber = clients.persistent(home, clientId, first, false);
        subscriber.subscribe(topic, 1);
        clients.awaitRouted(via, topic, first);
        subscriber.disconnect();
        publishAll(via, topic, MESSAGES);
        return topic;
    }

    @Test
    void anOfflineApplicationGetsEveryMessageInOrderWhenItReturns() throws Exception {
        String clientId = id("app-same");
        missWhileAway(clientId, a, a);
        Received back = new Received();
        clients.persistent(a, clientId, back, false);
        awaitAllInOrder(back, MESSAGES);
    }

    @Test
    void anOfflineApplicationGetsEveryMessageInOrderOnAnotherNode() throws Exception {
        String clientId = id("app-moved");
        missWhileAway(clientId, a, b);
        Received back = new Received();
        clients.persistent(b, clientId, back, false);
        awaitAllInOrder(back, MESSAGES);
    }

    @Test
    void theApplicationOfAKilledNodeGetsTheRestInOrderOnAnotherNode(StackEndpoints stack) throws Exception {
        String clientId = id("app-orphan");
        try (BrokerProcess doomed =
                BrokerProcess.start("app-doomed", stack, env(2_000)).awaitReady()) {
            missWhileAway(clientId, doomed, a);
            Received before = new Received();
            clients.persistent(doomed, clientId, before, false);
            await().atMost(Duration.ofSeconds(60)).until(() -> before.payloads.size() >= 3_000);
            doomed.kill();
            List<String> firstPart;
            synchronized (before.payloads) {
                firstPart = new ArrayList<>(before.payloads);
            }
            assertThat(firstPart)
                    .as("in order up to the crash")
                    .containsExactlyElementsOf(sequence(0, firstPart.size()));

            Received after = new Received();
            // until the cluster notices the crash, CONNECTs decided by the dead node are refused: retry like a client
            await().atMost(Duration.ofSeconds(90))
                    .ignoreExceptions()
                    .until(() -> clients.persistent(a, clientId, after, false).isConnected());
            await().atMost(Duration.ofSeconds(120))
                    .until(() -> after.payloads.contains(Integer.toString(MESSAGES - 1)));
            synchronized (after.payloads) {
                int resumedAt = Integer.parseInt(after.payloads.get(0));
                assertThat(resumedAt)
                        .as("nothing acknowledged is sent again beyond the unacknowledged window")
                        .isLessThanOrEqualTo(firstPart.size())
                        .isGreaterThanOrEqualTo(firstPart.size() - 2_000);
                assertThat(after.payloads)
                        .as("the rest, in order, without gaps")
                        .containsExactlyElementsOf(sequence(resumedAt, MESSAGES));
            }
        }
    }

    @Test
    void aReturningApplicationIsFedAtTheConfiguredRate() throws Exception {
        String clientId = id("app-throttled");
        missWhileAway(clientId, b, b);
        Received back = new Received();
        clients.persistent(b, clientId, back, false);
        awaitAllInOrder(back, MESSAGES);
        int from = 1_000;
        double seconds;
        synchronized (back.arrivalNanos) {
            seconds = (back.arrivalNanos.get(MESSAGES - 1) - back.arrivalNanos.get(from)) / 1e9;
        }
        double rate = (MESSAGES - 1 - from) / seconds;
        log.info(
                "throttled replay: {} messages in {} s = {} msg/s (configured {})",
                MESSAGES - 1 - from,
                String.format("%.2f", seconds),
                String.format("%.0f", rate),
                THROTTLED_RATE);
        assertThat(rate).as("never faster than the configured rate (+10%)").isLessThanOrEqualTo(THROTTLED_RATE * 1.1);
        assertThat(rate).as("and not throttled far below it").isGreaterThanOrEqualTo(THROTTLED_RATE * 0.5);
    }

    @Test
    void aCleanStartDropsWhatWaitedForTheOldSession() throws Exception {
        String clientId = id("app-fresh");
        String topic = missWhileAway(clientId, a, a);
        MqttClient fresh = new MqttClient(a.mqtt(), clientId, new MemoryPersistence());
        Received got = new Received();
        fresh.setCallback(got);
        fresh.connect();
        fresh.disconnect();
        fresh.close();
        Received back = new Received();
        MqttClient again = clients.persistent(a, clientId, back, false);
        again.subscribe(topic, 1);
        clients.plain(a).publish(topic, "after".getBytes(), 1, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> back.payloads.contains("after"));
        assertThat(back.payloads).containsExactly("after");
        assertThat(got.payloads).isEmpty();
    }

    /**
     * A client that acknowledges nothing fills its in-flight window (1,000); the node reads the rest ahead of it
     * (up to 2,000 records) and leaves. Back on the same node, it gets the unacknowledged ones again and then the
     * ones read but never sent: those are originals, not copies routed again.
     */
    @Test
    void anApplicationThatLeftWithMessagesReadButNotSentGetsThemOnItsReturn() throws Exception {
        String clientId = id("app-unsent");
        String topic = "apps/" + clientId;
        Received stalled = new Received();
        MqttClient slow = clients.persistent(a, clientId, stalled, true);
        slow.subscribe(topic, 1);
        clients.awaitRouted(a, topic, stalled);
        int count = 3_000;
        publishAll(a, topic, count);
        await().atMost(Duration.ofSeconds(60)).until(() -> numbers(stalled).size() >= 1_000);
        slow.disconnect(0);

        Received back = new Received();
        clients.persistent(a, clientId, back, false);
        await().atMost(Duration.ofSeconds(120)).until(() -> numbers(back).size() >= count);
        assertThat(numbers(back)).as("all, once, in publish order").containsExactlyElementsOf(sequence(0, count));
    }

    private static List<String> numbers(Received received) {
        synchronized (received.payloads) {
            return received.payloads.stream().filter(p -> !p.equals("probe")).toList();
        }
    }

    @Test
    void instancesOfOneApplicationSplitASharedSubscriptionAndTakeOverFromEachOther() throws Exception {
        String run = id("fleet");
        String filter = "$share/" + run + "/" + run + "/+";
        Received one = new Received();
        Received two = new Received();
        MqttClient first = clients.persistent(a, id("app-inst1"), one, false);
        MqttClient second = clients.persistent(b, id("app-inst2"), two, false);
        first.subscribe(filter, 1);
        second.subscribe(filter, 1);
        MqttClient publisher = clients.plain(a);
        // both members hold partitions of the shared topic once probes on many topics reach both of them
        await().atMost(Duration.ofSeconds(90)).until(() -> {
            for (int t = 0; t < 20; t++) {
                publisher.publish(run + "/" + t, "probe".getBytes(), 1, false);
            }
            return one.payloads.contains("probe") && two.payloads.contains("probe");
        });

        for (int i = 0; i < 2_000; i++) {
            publisher.publish(run + "/" + (i % 20), Integer.toString(i).getBytes(), 1, false);
        }
        await().atMost(Duration.ofSeconds(60))
                .until(() -> numbers(one).size() + numbers(two).size() >= 2_000);
        List<String> all = new ArrayList<>(numbers(one));
        all.addAll(numbers(two));
        assertThat(all)
                .as("no loss, no double delivery while both are up")
                .hasSize(2_000)
                .containsExactlyInAnyOrderElementsOf(sequence(0, 2_000));
        assertThat(numbers(one)).as("the load is split").isNotEmpty();
        assertThat(numbers(two)).as("the load is split").isNotEmpty();

        first.disconnect();
        int before = numbers(two).size();
        for (int i = 2_000; i < 3_000; i++) {
            publisher.publish(run + "/" + (i % 20), Integer.toString(i).getBytes(), 1, false);
        }
        await().atMost(Duration.ofSeconds(90)).until(() -> numbers(two).containsAll(sequence(2_000, 3_000)));
        assertThat(numbers(two).subList(before, numbers(two).size()))
                .as("the remaining instance gets everything, once")
                .doesNotHaveDuplicates();
    }

    private static boolean topicExists(ApiClient api, String clientId) {
        return api.get("/api/app/kafka-topics").text().contains("\"" + AppTopicNames.forClient(clientId) + "\"");
    }

    @Test
    void aClientThatBecomesADeviceLosesItsApplicationTopicAndBacklog() throws Exception {
        ApiClient api = ApiClient.admin(a.httpPort());
        String user = id("switch");
        String clientId = id("switching");
        Map<String, Object> credentials = new LinkedHashMap<>(Map.of(
                "name",
                user,
                "clientType",
                "APPLICATION",
                "credentialsType",
                "MQTT_BASIC",
                "credentialsValue",
                "{\"userName\":\"" + user + "\",\"password\":\"pw-123456\"}"));
        String credentialsId = api.post("/api/mqtt/client/credentials", credentials)
                .body()
                .get("id")
                .asString();
        String topic = "switch/" + clientId;
        Received first = new Received();
        MqttClient subscriber = clients.persistent(a, clientId, first, user, "pw-123456");
        subscriber.subscribe(topic, 1);
        clients.awaitRouted(a, topic, first);
        subscriber.disconnect();
        publishAll(a, topic, 100);
        assertThat(topicExists(api, clientId)).isTrue();

        credentials.put("id", credentialsId);
        credentials.put("clientType", "DEVICE");
        assertThat(api.post("/api/mqtt/client/credentials", credentials).status())
                .isEqualTo(200);
        Received asDevice = new Received();
        MqttClient device = clients.persistent(a, clientId, asDevice, user, "pw-123456");
        device.subscribe(topic, 1);
        clients.plain(a).publish(topic, "as-device".getBytes(), 1, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> asDevice.payloads.contains("as-device"));
        assertThat(asDevice.payloads)
                .as("the APPLICATION backlog is not delivered to the DEVICE")
                .containsExactly("as-device");
        await().atMost(Duration.ofSeconds(30)).until(() -> !topicExists(api, clientId));
    }

    @Test
    void theTopicOfARemovedApplicationGoesAfterTheGracePeriodButNotWhileInUse() throws Exception {
        ApiClient api = ApiClient.admin(a.httpPort());
        String gone = id("app-gone");
        String back = id("app-back");
        for (String clientId : List.of(gone, back)) {
            clients.persistent(a, clientId, new Received(), false).disconnect();
            await().atMost(Duration.ofSeconds(30)).until(() -> topicExists(api, clientId));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> api.delete("/api/client-session/remove?clientId=" + clientId)
                                    .status()
                            == 200);
        }
        clients.persistent(a, back, new Received(), false);

        await().atMost(Duration.ofSeconds(30)).until(() -> !topicExists(api, gone));
        await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(8)).until(() -> topicExists(api, back));
    }

    @Test
    void aNewSharedGroupGetsWhatWasPublishedRightAfterItsSubscribe() throws Exception {
        String run = id("early");
        Received got = new Received();
        MqttClient member = clients.persistent(a, id("app-early"), got, false);
        member.subscribe("$share/" + run + "/" + run + "/#", 1);
        // no probe: the group's consumer is still joining while these are routed to its topic
        publishAll(a, run + "/x", 300);
        awaitAllInOrder(got, 300);
    }
}
