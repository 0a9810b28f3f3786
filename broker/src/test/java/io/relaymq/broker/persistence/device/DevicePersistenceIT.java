package io.relaymq.broker.persistence.device;

import static io.relaymq.broker.support.PersistentSessions.awaitAllInOrder;
import static io.relaymq.broker.support.PersistentSessions.awaitAllInOrderBesideLateProbes;
import static io.relaymq.broker.support.PersistentSessions.id;
import static io.relaymq.broker.support.PersistentSessions.publishAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Persistent DEVICE sessions end to end on two broker processes, Kafka and the 3-master Redis Cluster:
 * whatever a persistent subscriber misses while away reaches it when it returns, on the same node, on
 * another node, or after its node was killed ([MQTT-3.1.2-5], [MQTT-4.4.0-1]); QoS 2 stays exactly
 * once across a reconnect between PUBREC and PUBCOMP ([MQTT-4.3.3-1]).
 */
@ExtendWith(LocalStackExtension.class)
class DevicePersistenceIT {

    private static final int MESSAGES = 5_000;

    private static BrokerProcess a;
    private static BrokerProcess b;
    private final PersistentSessions clients = new PersistentSessions();

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("persist-a", stack);
        b = BrokerProcess.start("persist-b", stack);
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

    private MqttClient persistent(BrokerProcess node, String clientId, Received into, boolean manualAcks)
            throws Exception {
        return clients.persistent(node, clientId, into, manualAcks);
    }

    private MqttClient plain(BrokerProcess node) throws Exception {
        return clients.plain(node);
    }

    private void awaitRouted(BrokerProcess via, String topic, Received subscriber) throws Exception {
        clients.awaitRouted(via, topic, subscriber);
    }

    private void missWhileAway(BrokerProcess home, BrokerProcess publishVia, BrokerProcess returnTo) throws Exception {
        String clientId = id("device");
        String topic = "persist/" + clientId;
        Received first = new Received();
        MqttClient subscriber = persistent(home, clientId, first, false);
        subscriber.subscribe(topic, 1);
        awaitRouted(publishVia, topic, first);
        subscriber.disconnect();

        publishAll(publishVia, topic, MESSAGES);

        Received back = new Received();
        MqttClient returned = persistent(returnTo, clientId, back, false);
        assertThat(returned.isConnected()).isTrue();
        awaitAllInOrder(back, MESSAGES);
    }

    @Test
    void anOfflineSubscriberGetsEveryMessageInOrderWhenItReturns() throws Exception {
        missWhileAway(a, a, a);
    }

    @Test
    void anOfflineSubscriberGetsEveryMessageInOrderOnAnotherNode() throws Exception {
        missWhileAway(a, b, b);
    }

    @Test
    void theSubscriberOfAKilledNodeGetsEveryMessageOnAnotherNode(StackEndpoints stack) throws Exception {
        String clientId = id("orphan");
        String topic = "persist/" + clientId;
        try (BrokerProcess doomed = BrokerProcess.start("persist-doomed", stack).awaitReady()) {
            Received before = new Received();
            persistent(doomed, clientId, before, false).subscribe(topic, 1);
            awaitRouted(a, topic, before);
            doomed.kill();
        }

        publishAll(a, topic, MESSAGES);

        Received after = new Received();
        // until the cluster notices the crash, CONNECTs decided by the dead node are refused: retry like a client
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> persistent(b, clientId, after, false).isConnected());
        awaitAllInOrderBesideLateProbes(after, MESSAGES);
    }

    /** MQTT 5.0 §4.8.2: with no member connected, a persistent member keeps the group's messages. */
    @Test
    void aSharedGroupWhoseOnlyMemberIsAwayKeepsItsMessagesForIt() throws Exception {
        String clientId = id("member");
        String topic = "persist/" + clientId;
        Received first = new Received();
        MqttClient member = persistent(a, clientId, first, false);
        member.subscribe("$share/" + clientId + "/" + topic, 1);
        awaitRouted(b, topic, first);
        member.disconnect();

        publishAll(b, topic, 50);

        Received back = new Received();
        persistent(b, clientId, back, false);
        awaitAllInOrder(back, 50);
    }

    @Test
    void aQos2MessageIsDeliveredExactlyOnceAcrossADisconnectBeforePubcomp() throws Exception {
        String clientId = id("exactly");
        String topic = "persist/" + clientId;
        Received first = new Received();
        MqttClient subscriber = persistent(a, clientId, first, true);
        subscriber.subscribe(topic, 2);
        awaitRouted(b, topic, first);

        plain(b).publish(topic, "once".getBytes(StandardCharsets.UTF_8), 2, false);
        // Paho hands a QoS 2 message over once PUBREL arrived (so the broker has its PUBREC) and, with
        // manual acks, withholds PUBCOMP: the connection now ends between PUBREC and PUBCOMP
        await().atMost(Duration.ofSeconds(30)).until(() -> first.payloads.contains("once"));
        subscriber.disconnectForcibly(0, 1000, false);

        Received second = new Received();
        persistent(b, clientId, second, false);
        plain(a).publish(topic, "next".getBytes(StandardCharsets.UTF_8), 2, false);
        await().atMost(Duration.ofSeconds(30)).until(() -> second.payloads.contains("next"));
        assertThat(second.payloads).as("PUBREL again, never the PUBLISH").containsExactly("next");
        assertThat(first.payloads).filteredOn(p -> !p.equals("probe")).containsExactly("once");
    }
}
