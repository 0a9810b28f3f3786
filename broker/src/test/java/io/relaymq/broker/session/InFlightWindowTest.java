package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.support.WrittenPackets;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The one outbound QoS state machine, with a storage that answers when the test says so: QoS 1 ends at PUBACK
 * ([MQTT-4.3.2-1]); QoS 2 sends PUBREL only once the storage recorded the PUBREC and ends at PUBCOMP
 * ([MQTT-4.3.3-1]); a new connection gets what is in flight again, in order, DUP set ([MQTT-4.4.0-1]).
 */
class InFlightWindowTest {

    private final Map<Integer, CompletableFuture<Void>> recordings = new HashMap<>();
    private final List<String> finished = new ArrayList<>();
    private boolean releaseUnrecorded = true;
    private int acks;
    private EmbeddedChannel channel;
    private InFlightWindow<String> window;

    private final class Standin implements InFlightWindow.Storage<String> {
        @Override
        public CompletableFuture<?> recordPubrec(int packetId, String item) {
            CompletableFuture<Void> recording = new CompletableFuture<>();
            recordings.put(packetId, recording);
            return recording;
        }

        @Override
        public boolean releaseUnrecorded(int packetId, Throwable failure) {
            return releaseUnrecorded;
        }

        @Override
        public void finished(int packetId, String item) {
            finished.add(item);
        }
    }

    @BeforeEach
    void connected() {
        channel = new EmbeddedChannel();
        MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());
        window = new InFlightWindow<>(
                "c", new Standin(), new OutboundWriter(metrics, Clock.systemUTC()), Runnable::run, () -> acks++);
        window.connection(new MqttConnection(channel, MqttVersion.MQTT_5, "c", 100, 1 << 20, 0));
    }

    private static OutboundMessage message(int qos, String payload) {
        return new OutboundMessage(
                new PublishedMessage("t", qos, false, payload.getBytes(StandardCharsets.UTF_8), "p", 0, null),
                qos,
                false,
                List.of());
    }

    private List<String> written() {
        return WrittenPackets.readFrom(channel);
    }

    @Test
    void qos1EndsAtPubackAndNothingElse() {
        window.sent(1, "a", message(1, "a"));
        window.onPubRec(1, false);
        window.onPubComp(1);
        assertThat(window.contains(1)).isTrue();
        window.onPubAck(1);
        assertThat(window.contains(1)).isFalse();
        assertThat(finished).containsExactly("a");
        assertThat(acks).isEqualTo(1);
        assertThat(written()).isEmpty();
    }

    @Test
    void qos2SendsPubrelOnlyOnceThePubrecIsRecordedAndEndsAtPubcomp() {
        window.sent(2, "b", message(2, "b"));
        window.onPubAck(2);
        window.onPubComp(2);
        assertThat(window.get(2).stage()).isEqualTo(InFlightWindow.Stage.AWAITING_PUBREC);
        window.onPubRec(2, false);
        assertThat(window.get(2).stage()).isEqualTo(InFlightWindow.Stage.RELEASING);
        assertThat(written()).as("no PUBREL before the storage knows").isEmpty();
        window.onPubRec(2, false);
        assertThat(recordings).hasSize(1);
        recordings.get(2).complete(null);
        assertThat(written()).containsExactly("PUBREL 2");
        window.onPubRec(2, false);
        assertThat(written()).as("a repeated PUBREC gets PUBREL again").containsExactly("PUBREL 2");
        window.onPubComp(2);
        assertThat(finished).containsExactly("b");
        assertThat(window.size()).isZero();
    }

    @Test
    void aPubrecTheStorageCouldNotRecordLeavesTheMessageWaitingWhenTheStorageSaysSo() {
        window.sent(3, "c", message(2, "c"));
        releaseUnrecorded = false;
        window.onPubRec(3, false);
        recordings.get(3).completeExceptionally(new IllegalStateException("store down"));
        assertThat(written()).isEmpty();
        assertThat(window.get(3).stage()).isEqualTo(InFlightWindow.Stage.AWAITING_PUBREC);

        releaseUnrecorded = true;
        window.onPubRec(3, false);
        recordings.get(3).completeExceptionally(new IllegalStateException("store down"));
        assertThat(written()).containsExactly("PUBREL 3");
    }

    @Test
    void aPubrecWithAnErrorEndsTheExchangeAndAnUnknownOneGetsPacketIdNotFound() {
        window.sent(4, "d", message(2, "d"));
        window.onPubRec(4, true);
        assertThat(finished).containsExactly("d");
        assertThat(acks).isEqualTo(1);
        window.onPubRec(9, false);
        window.onPubRec(10, true);
        assertThat(written()).containsExactly("PUBREL 9 0x92");
    }

    @Test
    void aRecordingThatEndsAfterTheSessionStartedAfreshChangesNothing() {
        window.sent(5, "e", message(2, "e"));
        window.onPubRec(5, false);
        window.clear();
        window.sent(5, "f", message(2, "f"));
        recordings.get(5).complete(null);
        assertThat(written()).isEmpty();
        assertThat(window.get(5).stage()).isEqualTo(InFlightWindow.Stage.AWAITING_PUBREC);
    }

    @Test
    void aNewConnectionGetsWhatIsInFlightAgainInOrder() {
        window.sent(1, "a", message(1, "a"));
        window.releasing(2, "b", null);
        window.sent(3, "c", message(2, "c"));
        window.sent(4, "d", message(2, "d"));
        window.onPubRec(4, false); // being recorded: its PUBREL follows the recording
        window.resend();
        assertThat(written()).containsExactly("PUBLISH 1 a DUP", "PUBREL 2", "PUBLISH 3 c DUP");
        recordings.get(4).complete(null);
        assertThat(written()).containsExactly("PUBREL 4");
    }
}
