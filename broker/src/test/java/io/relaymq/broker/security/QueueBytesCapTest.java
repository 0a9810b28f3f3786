package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.support.NoOps;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 7 (queues counted in messages, not bytes), for sessions kept in memory: what a session holds
 * (queued and in flight) is bounded in payload bytes next to the message count. Beyond it the new message
 * is dropped and counted, as at the count limit; one message larger than the limit still gets through
 * when nothing else is held.
 */
class QueueBytesCapTest {

    private static final int MAX_BYTES = 1000;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MqttMetrics metrics = new MqttMetrics(meters);
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final SessionContext context = new SessionContext(
            new SubscriptionTrie(),
            new SessionRegistry(),
            m -> {},
            (m, c) -> {},
            NoOps.SUBSCRIPTION_CHANGES,
            NoOps.SESSION_CHANGES,
            2,
            10_000,
            metrics,
            Clock.systemUTC(),
            new OutboundWriter(metrics, Clock.systemUTC()),
            OutboundFactory.inMemory(),
            () -> false,
            MAX_BYTES,
            NoOps.INBOUND_QOS2_STORE,
            ClientEvents.NONE);
    private final ClientSession session = new ClientSession("slow", channel.eventLoop(), context, true);

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private static OutboundMessage message(String label, int bytes) {
        byte[] payload = new byte[bytes];
        byte[] text = label.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, payload, 0, text.length);
        return new OutboundMessage(
                new PublishedMessage("t", 1, false, payload, "p", System.currentTimeMillis(), MessageProperties.NONE),
                1,
                false,
                List.of());
    }

    /** Labels of the PUBLISH packets written so far. */
    private List<String> written() {
        List<String> labels = new ArrayList<>();
        Object o;
        while ((o = channel.readOutbound()) != null) {
            if (o instanceof MqttPublishMessage p) {
                labels.add(p.payload().toString(StandardCharsets.US_ASCII).replace("\0", ""));
                p.release();
            }
        }
        return labels;
    }

    private double dropped(String reason) {
        var counter =
                meters.find("relaymq.messages.dropped").tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void anAbsentClientsQueueStopsAtTheByteCapAndTheRestIsDroppedAndCounted() {
        for (int i = 0; i < 10; i++) {
            session.deliver(message("m" + i, 300));
        }
        assertThat(dropped("queue_bytes")).isEqualTo(7.0);
        assertThat(meters.counter("relaymq.quota.exceeded", "quota", "queued_bytes")
                        .count())
                .isEqualTo(7.0);

        MqttConnection connection = new MqttConnection(channel, MqttVersion.MQTT_5, "slow", 100, 1 << 20, 0);
        session.attach(connection, true);
        assertThat(written()).as("the window is 2").containsExactly("m0", "m1");
        session.onPubAck(1);
        session.onPubAck(2);
        assertThat(written()).containsExactly("m2");
    }

    @Test
    void inFlightMessagesCountUntilAcknowledgedAndFreeTheirBytesThen() {
        MqttConnection connection = new MqttConnection(channel, MqttVersion.MQTT_5, "slow", 100, 1 << 20, 0);
        session.attach(connection, true);
        session.deliver(message("a", 400));
        session.deliver(message("b", 400));
        session.deliver(message("c", 400));
        assertThat(written()).containsExactly("a", "b");
        assertThat(dropped("queue_bytes")).isEqualTo(1.0);

        session.onPubAck(1);
        session.deliver(message("d", 400));
        assertThat(written()).containsExactly("d");
    }

    @Test
    void oneMessageLargerThanTheCapStillGetsThroughWhenNothingIsHeld() {
        session.deliver(message("huge", 5000));
        session.deliver(message("next", 10));
        assertThat(dropped("queue_bytes")).isEqualTo(1.0);

        session.attach(new MqttConnection(channel, MqttVersion.MQTT_5, "slow", 100, 1 << 20, 0), true);
        assertThat(written()).containsExactly("huge");
    }
}
