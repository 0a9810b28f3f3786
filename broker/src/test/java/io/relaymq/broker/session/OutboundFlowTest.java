package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.common.message.PublishedMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutboundFlowTest {

    private static OutboundMessage message(int qos) {
        return new OutboundMessage(
                new PublishedMessage("t", qos, false, new byte[0], "p", 0, null), qos, false, List.of());
    }

    @Test
    void theWindowBoundsMessagesInFlightAndTheRestWaitsInOrder() {
        OutboundFlow flow = new OutboundFlow(10);
        for (int i = 0; i < 5; i++) {
            assertThat(flow.enqueue(message(1))).isTrue();
        }
        InFlight first = flow.nextToSend(2);
        InFlight second = flow.nextToSend(2);
        assertThat(flow.nextToSend(2)).isNull();
        assertThat(first.packetId).isEqualTo(1);
        assertThat(second.packetId).isEqualTo(2);
        assertThat(flow.acknowledge(1)).isTrue();
        assertThat(flow.nextToSend(2).packetId).isEqualTo(3);
        assertThat(flow.queued()).isEqualTo(2);
    }

    @Test
    void aFullQueueRefusesNewMessages() {
        OutboundFlow flow = new OutboundFlow(2);
        assertThat(flow.enqueue(message(1))).isTrue();
        assertThat(flow.enqueue(message(1))).isTrue();
        assertThat(flow.enqueue(message(1))).isFalse();
    }

    // [MQTT-2.2.1-3] packet ids wrap from 65535 to 1 and skip ids still in use
    @Test
    void packetIdsWrapAndSkipIdsInUse() {
        OutboundFlow flow = new OutboundFlow(70_000);
        for (int i = 0; i < 65_536; i++) {
            flow.enqueue(message(1));
        }
        InFlight keep = flow.nextToSend(65_535);
        for (int i = 2; i <= 65_535; i++) {
            InFlight next = flow.nextToSend(65_535);
            assertThat(next.packetId).isEqualTo(i);
            assertThat(flow.acknowledge(next.packetId)).isTrue();
        }
        assertThat(keep.packetId).isEqualTo(1);
        assertThat(flow.nextToSend(65_535).packetId).as("1 is still in flight").isEqualTo(2);
    }

    // §4.3.3: PUBREC moves a QoS 2 message on to PUBCOMP; PUBACK does not complete it
    @Test
    void qos2NeedsPubrecThenPubcomp() {
        OutboundFlow flow = new OutboundFlow(10);
        flow.enqueue(message(2));
        int id = flow.nextToSend(10).packetId;
        assertThat(flow.acknowledge(id)).isFalse();
        assertThat(flow.complete(id)).isFalse();
        assertThat(flow.received(id)).isTrue();
        assertThat(flow.inFlight())
                .singleElement()
                .satisfies(e -> assertThat(e.stage).isEqualTo(InFlight.Stage.AWAITING_PUBCOMP));
        assertThat(flow.complete(id)).isTrue();
        assertThat(flow.inFlightCount()).isZero();
    }

    @Test
    void takeAllEmptiesTheFlowInOrder() {
        OutboundFlow flow = new OutboundFlow(10);
        OutboundMessage a = message(1);
        OutboundMessage b = message(1);
        flow.enqueue(a);
        flow.enqueue(b);
        flow.nextToSend(1);
        assertThat(flow.takeAll()).containsExactly(a, b);
        assertThat(flow.inFlightCount() + flow.queued()).isZero();
    }
}
