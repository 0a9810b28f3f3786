package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.config.Definitions;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import io.relaymq.integration.target.mqtt.Subscriber.Received;
import io.relaymq.localinfra.mosquitto.MosquittoBinary;
import io.relaymq.localinfra.mosquitto.MosquittoConfig;
import io.relaymq.localinfra.mosquitto.MosquittoServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The MQTT bridge target against Mosquitto, with a Paho subscriber on Mosquitto checking what arrives. */
class MqttBridgeTargetIT {

    private static final String USER = "bridge";
    private static final String PASSWORD = "s3cret \"pw\\";
    private static final MqttBridgeTargetFactory FACTORY = new MqttBridgeTargetFactory();

    private static MosquittoServer open;
    private static MosquittoServer secured;
    private static Path work;

    @BeforeAll
    static void startMosquitto() throws Exception {
        work = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"))
                .resolve("mosquitto-it-" + ProcessHandle.current().pid());
        MosquittoBinary binary = MosquittoBinary.resolve();
        open = MosquittoServer.start(
                binary,
                work.resolve("open"),
                MosquittoConfig.anonymous()
                        .withAcl(List.of("topic readwrite remote/#", "topic readwrite v4/#", "topic readwrite ok/#")));
        secured = MosquittoServer.start(
                binary, work.resolve("secured"), MosquittoConfig.anonymous().withUsers(Map.of(USER, PASSWORD)));
    }

    @AfterAll
    static void stopMosquitto() {
        if (open != null) {
            open.close();
        }
        if (secured != null) {
            secured.close();
        }
    }

    private static ObjectNode config(MosquittoServer server, int protocolVersion) {
        return ((ObjectNode) Json.of("{'host': '127.0.0.1'}"))
                .put("port", server.port())
                .put("protocolVersion", protocolVersion)
                .put("connectTimeoutMs", 3000)
                .put("publishTimeoutMs", 3000);
    }

    private static Target target(ObjectNode configuration) throws DeliveryException {
        assertThat(FACTORY.validate(configuration)).isEmpty();
        return FACTORY.open(Definitions.of(IntegrationType.MQTT, configuration));
    }

    private static PublishedMessage message(String topic, int qos, boolean retain, MessageProperties properties) {
        byte[] payload = (topic + "@" + qos).getBytes(StandardCharsets.UTF_8);
        return new PublishedMessage(topic, qos, retain, payload, "sensor-7", System.currentTimeMillis(), properties);
    }

    private static String payload(Received r) {
        return new String(r.message().getPayload(), StandardCharsets.UTF_8);
    }

    @Test
    void mqtt5RewritesTheTopicKeepsQosAndRetainAndForwardsProperties() throws Exception {
        MessageProperties properties = new MessageProperties(
                1,
                600L,
                "text/plain",
                "reply/to/me",
                new byte[] {7, 8, 9},
                List.of(new UserProperty("trace", "t-1"), new UserProperty("trace", "t-2")));
        try (Subscriber sub = new Subscriber(open.uri(), "remote/#", null, null);
                Target target = target(config(open, 5).put("topic", "remote/${topic}"))) {
            target.send(Messages.routed(message("a/q0", 0, false, MessageProperties.NONE)));
            target.send(Messages.routed(message("a/q1", 1, true, properties)));
            target.send(Messages.routed(message("a/q2", 2, false, MessageProperties.NONE)));

            List<Received> got = sub.await(3);

            assertThat(got).extracting(Received::topic).containsExactly("remote/a/q0", "remote/a/q1", "remote/a/q2");
            assertThat(got).extracting(r -> r.message().getQos()).containsExactly(0, 1, 2);
            assertThat(got).extracting(r -> r.message().isRetained()).containsExactly(false, true, false);
            assertThat(payload(got.get(1))).isEqualTo("a/q1@1");
            MqttProperties p = got.get(1).message().getProperties();
            assertThat(p.getContentType()).isEqualTo("text/plain");
            assertThat(p.getResponseTopic()).isEqualTo("reply/to/me");
            assertThat(p.getCorrelationData()).containsExactly(7, 8, 9);
            assertThat(p.getPayloadFormat()).isTrue();
            assertThat(p.getMessageExpiryInterval()).isBetween(590L, 600L);
            assertThat(p.getUserProperties())
                    .extracting(u -> u.getKey() + "=" + u.getValue())
                    .containsExactly("trace=t-1", "trace=t-2");
            assertThat(got.get(0).message().getProperties().getContentType()).isNull();
        }
    }

    @Test
    void configuredQosAndRetainNeverOverrideTheMessage() throws Exception {
        ObjectNode c =
                config(open, 5).put("topic", "ok/${topicLevel.1}").put("qos", 1).put("retain", "NEVER");
        try (Subscriber sub = new Subscriber(open.uri(), "ok/#", null, null);
                Target target = target(c)) {
            target.send(Messages.routed(message("x/first", 2, true, MessageProperties.NONE)));
            target.send(Messages.routed(message("x/second", 0, true, MessageProperties.NONE)));

            List<Received> got = sub.await(2);

            assertThat(got).extracting(Received::topic).containsExactly("ok/first", "ok/second");
            assertThat(got).extracting(r -> r.message().getQos()).containsExactly(1, 1);
            assertThat(got).extracting(r -> r.message().isRetained()).containsExactly(false, false);
        }
    }

    @Test
    void mqtt311CarriesTopicQosAndRetainButNoProperties() throws Exception {
        MessageProperties properties =
                new MessageProperties(null, null, "text/plain", null, null, List.of(new UserProperty("k", "v")));
        try (Subscriber sub = new Subscriber(open.uri(), "v4/#", null, null);
                Target target = target(config(open, 4).put("topic", "v4/${clientId}/${topic}"))) {
            target.send(Messages.routed(message("t1", 1, true, properties)));
            target.send(Messages.routed(message("t2", 2, false, properties)));

            List<Received> got = sub.await(2);

            assertThat(got).extracting(Received::topic).containsExactly("v4/sensor-7/t1", "v4/sensor-7/t2");
            assertThat(got).extracting(r -> r.message().getQos()).containsExactly(1, 2);
            assertThat(got).extracting(r -> r.message().isRetained()).containsExactly(true, false);
            assertThat(got.get(0).message().getProperties().getContentType()).isNull();
            assertThat(got.get(0).message().getProperties().getUserProperties()).isEmpty();
        }
    }

    @Test
    void aPublishTheRemoteRefusesIsNotRetryableAndNamesTheReason() throws Exception {
        try (Target target = target(config(open, 5).put("topic", "denied/${topic}"))) {
            assertThatThrownBy(() -> target.send(Messages.routed(message("x", 1, false, MessageProperties.NONE))))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isFalse())
                    .hasMessageContaining("refused the message")
                    .hasMessageContaining("not authorized (0x87)");
        }
    }

    @Test
    void theRightPasswordConnectsForBothVersions() throws Exception {
        for (int version : List.of(4, 5)) {
            ObjectNode c = config(secured, version).put("username", USER).put("password", PASSWORD);
            try (Subscriber sub = new Subscriber(secured.uri(), "auth/#", USER, PASSWORD);
                    Target target = target(c.put("topic", "auth/" + version))) {
                target.send(Messages.routed(message("x", 1, false, MessageProperties.NONE)));

                assertThat(sub.await(1)).extracting(Received::topic).containsExactly("auth/" + version);
            }
        }
    }

    @Test
    void aWrongPasswordFailsTheFirstSendClearly() throws Exception {
        for (int version : List.of(4, 5)) {
            ObjectNode c = config(secured, version).put("username", USER).put("password", "wrong");
            try (Target target = target(c)) {
                assertThatThrownBy(() -> target.send(Messages.routed(message("x", 1, false, MessageProperties.NONE))))
                        .as("protocol version %d", version)
                        .isInstanceOfSatisfying(
                                DeliveryException.class,
                                e -> assertThat(e.retryable()).isTrue())
                        .hasMessageContaining("refused the connection");
            }
        }
    }

    @Test
    void aStoppedRemoteFailsRetryableAndTheNextSendAfterItsRestartReconnects() throws Exception {
        MosquittoServer restartable = MosquittoServer.start(
                MosquittoBinary.resolve(), work.resolve("restartable"), MosquittoConfig.anonymous());
        try (Target target = target(config(restartable, 5).put("topic", "r/${topic}"))) {
            try (Subscriber sub = new Subscriber(restartable.uri(), "r/#", null, null)) {
                target.send(Messages.routed(message("before", 1, false, MessageProperties.NONE)));
                assertThat(sub.await(1)).extracting(Received::topic).containsExactly("r/before");
            }

            restartable.stop();
            assertThatThrownBy(() -> target.send(Messages.routed(message("down", 1, false, MessageProperties.NONE))))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue());

            restartable.start();
            try (Subscriber sub = new Subscriber(restartable.uri(), "r/#", null, null)) {
                target.send(Messages.routed(message("after", 1, false, MessageProperties.NONE)));
                assertThat(sub.await(1)).extracting(Received::topic).containsExactly("r/after");
            }
        } finally {
            restartable.close();
        }
    }
}
