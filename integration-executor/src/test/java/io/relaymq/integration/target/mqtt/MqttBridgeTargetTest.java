package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class MqttBridgeTargetTest {

    private static final long NOW = 1_764_230_000_000L;

    /** Keeps what the target hands to its client. */
    private static final class Recorder implements BridgeClient {
        final List<Outgoing> sent = new ArrayList<>();

        @Override
        public void publish(Outgoing message) {
            sent.add(message);
        }

        @Override
        public void close() {}
    }

    private final Recorder recorder = new Recorder();

    private MqttBridgeTarget target(ObjectNode c) {
        var checked = MqttBridgeConfig.read(c, Messages.INTEGRATION);
        assertThat(checked.problems()).isEmpty();
        return new MqttBridgeTarget(checked.settings(), recorder, () -> NOW);
    }

    private static ObjectNode config() {
        return (ObjectNode) Json.of("{'host': 'h'}");
    }

    private static PublishedMessage message(String topic, int qos, boolean retain, Long expiry, long created) {
        MessageProperties p = new MessageProperties(null, expiry, null, null, null, List.of());
        return new PublishedMessage(topic, qos, retain, "x".getBytes(StandardCharsets.UTF_8), "c1", created, p);
    }

    @Test
    void rewritesTheTopicAndKeepsQosAndRetainByDefault() throws DeliveryException {
        target(config().put("topic", "remote/${topic}")).send(Messages.routed(message("a/b", 2, true, null, NOW)));

        Outgoing out = recorder.sent.get(0);
        assertThat(out.topic()).isEqualTo("remote/a/b");
        assertThat(out.qos()).isEqualTo(2);
        assertThat(out.retain()).isTrue();
        assertThat(out.expirySeconds()).isNull();
    }

    @Test
    void configuredQosAndRetainNeverOverrideTheMessage() throws DeliveryException {
        target(config().put("qos", 0).put("retain", "NEVER")).send(Messages.routed(message("a", 2, true, null, NOW)));

        assertThat(recorder.sent.get(0).qos()).isZero();
        assertThat(recorder.sent.get(0).retain()).isFalse();
    }

    @Test
    void forwardsTheRemainingExpiryAndDropsExpiredMessages() throws DeliveryException {
        MqttBridgeTarget target = target(config());

        target.send(Messages.routed(message("a", 1, false, 60L, NOW - 20_500)));
        target.send(Messages.routed(message("b", 1, false, 60L, NOW - 60_000)));

        assertThat(recorder.sent).singleElement().satisfies(o -> {
            assertThat(o.topic()).isEqualTo("a");
            assertThat(o.expirySeconds()).isEqualTo(40L);
        });
    }

    @Test
    void aRenderedTopicThatIsNoTopicNameIsNotRetryable() {
        MqttBridgeTarget target = target(config().put("topic", "out/${clientId}"));
        PublishedMessage m = new PublishedMessage("a", 1, false, new byte[0], "bad+id", NOW, null);

        assertThatThrownBy(() -> target.send(Messages.routed(m)))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("wildcard")
                .hasMessageContaining("out/bad+id");
        assertThat(recorder.sent).isEmpty();
    }
}
