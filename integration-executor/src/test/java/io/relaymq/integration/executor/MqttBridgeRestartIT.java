package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.mqtt.MqttBridgeTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.mosquitto.MosquittoBinary;
import io.relaymq.localinfra.mosquitto.MosquittoConfig;
import io.relaymq.localinfra.mosquitto.MosquittoServer;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An MQTT bridge integration (MQTT 5, QoS 1) whose executor is stopped in the middle of a stream loses nothing
 * on the other broker: a subscriber there, with a session that stays, gets every message at least once and in
 * order per integration from the next executor of the group (a restart may repeat the messages that were in
 * flight; the test prints how many), and nothing is dead-lettered.
 */
@ExtendWith(LocalStackExtension.class)
class MqttBridgeRestartIT {

    private static final int COUNT = 400;
    /** The first executor is stopped once this many messages of integration x reached the subscriber. */
    private static final int STOP_AFTER = 40;

    private static final List<String> LEVELS = List.of("x", "y");

    private ExecutorFixture fixture;
    private MosquittoServer remote;
    private Subscriber subscriber;

    @AfterEach
    void stop() throws MqttException {
        if (fixture != null) {
            fixture.close();
        }
        if (subscriber != null) {
            subscriber.close();
        }
        if (remote != null) {
            remote.close();
        }
    }

    @Test
    void aRestartInTheMiddleOfAStreamLosesNothingAndKeepsOrderOnTheOtherBroker(StackEndpoints stack) throws Exception {
        Path work = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"))
                .resolve("mosquitto-restart-it-" + ProcessHandle.current().pid());
        remote = MosquittoServer.start(MosquittoBinary.resolve(), work, MosquittoConfig.anonymous());
        subscriber = new Subscriber(remote.uri());
        fixture = new ExecutorFixture(stack);
        UUID x = integration("x");
        UUID y = integration("y");
        for (int i = 0; i < COUNT; i++) {
            fixture.route(x, "x/data", Integer.toString(i));
            fixture.route(y, "y/data", Integer.toString(i));
        }
        var factories = List.of(new MqttBridgeTargetFactory());

        IntegrationExecutor first = fixture.start("it-mqtt-restart-1", factories);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> subscriber.arrived("x").size() >= STOP_AFTER);
        first.close();
        subscriber.flush();
        int beforeRestart = subscriber.arrived("x").size();
        System.out.printf("out/x: %d of %d messages before the restart%n", beforeRestart, COUNT);
        assertThat(beforeRestart).as("stopped in the middle").isLessThan(COUNT);

        fixture.start("it-mqtt-restart-2", factories);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> LEVELS.stream().allMatch(level -> RestartOrder.covers(subscriber.arrived(level), COUNT)));

        for (String level : LEVELS) {
            RestartOrder.assertAtLeastOnceInOrder("out/" + level, subscriber.arrived(level), COUNT);
        }
        assertThat(subscriber.qosSeen()).as("QoS of the bridged messages").containsOnly(1);
        assertThat(fixture.deadLetters()).as("dead letters").isEmpty();
    }

    private UUID integration(String level) {
        UUID id = UUID.randomUUID();
        fixture.define(
                id,
                "mqtt-restart-" + level,
                IntegrationType.MQTT,
                true,
                fixture.mapper()
                        .createObjectNode()
                        .put("host", "127.0.0.1")
                        .put("port", remote.port())
                        .put("protocolVersion", 5)
                        .put("qos", 1)
                        .put("topic", "out/${topicLevel.0}")
                        .put("connectTimeoutMs", 5000)
                        .put("publishTimeoutMs", 5000),
                1);
        return id;
    }

    /**
     * A Paho MQTT 5 subscriber to {@code out/#} at QoS 1 whose session outlives a disconnect (clean start off,
     * one hour expiry); keeps the numbers it receives per topic level, in arrival order.
     */
    private static final class Subscriber implements MqttCallback, AutoCloseable {

        private static final String MARKERS = "out/marker";

        private final MqttClient client;
        private final Map<String, List<Integer>> arrived = new ConcurrentHashMap<>();
        private final List<Integer> qos = new CopyOnWriteArrayList<>();
        private final List<String> markers = new CopyOnWriteArrayList<>();

        Subscriber(String uri) throws MqttException {
            client = new MqttClient(uri, "it-restart-sub-" + UUID.randomUUID(), new MemoryPersistence());
            client.setCallback(this);
            MqttConnectionOptions options = new MqttConnectionOptions();
            options.setCleanStart(false);
            options.setSessionExpiryInterval(3600L);
            client.connect(options);
            client.subscribe(new MqttSubscription[] {new MqttSubscription("out/#", 1)});
        }

        List<Integer> arrived(String level) {
            return List.copyOf(arrived.getOrDefault(level, List.of()));
        }

        List<Integer> qosSeen() {
            return List.copyOf(qos);
        }

        /**
         * Publishes a marker through the remote broker and waits until it comes back: the broker forwards in the
         * order it accepted, so everything it had accepted before (from the stopped bridge) has arrived by then.
         */
        void flush() throws MqttException {
            String marker = UUID.randomUUID().toString();
            client.publish(MARKERS, new MqttMessage(marker.getBytes(StandardCharsets.UTF_8), 1, false, null));
            await().atMost(Duration.ofSeconds(10)).until(() -> markers.contains(marker));
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            String text = new String(message.getPayload(), StandardCharsets.UTF_8);
            if (topic.equals(MARKERS)) {
                markers.add(text);
                return;
            }
            qos.add(message.getQos());
            arrived.computeIfAbsent(topic.substring("out/".length()), level -> new CopyOnWriteArrayList<>())
                    .add(Integer.parseInt(text));
        }

        @Override
        public void close() throws MqttException {
            if (client.isConnected()) {
                client.disconnect();
            }
            client.close();
        }

        @Override
        public void disconnected(MqttDisconnectResponse response) {}

        @Override
        public void mqttErrorOccurred(MqttException exception) {}

        @Override
        public void deliveryComplete(IMqttToken token) {}

        @Override
        public void connectComplete(boolean reconnect, String serverURI) {}

        @Override
        public void authPacketArrived(int reasonCode, MqttProperties properties) {}
    }
}
