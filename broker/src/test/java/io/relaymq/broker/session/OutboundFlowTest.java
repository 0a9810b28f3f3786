package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.common.message.PublishedMessage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OutboundFlowTest {

    private static OutboundMessage message(int qos, int bytes) {
        return new OutboundMessage(
                new PublishedMessage("t", qos, false, new byte[bytes], "p", 0, null), qos, false, List.of());
    }

    @Test
    void messagesLeaveTheQueueInOrder() {
        OutboundFlow flow = new OutboundFlow(10);
        OutboundMessage a = message(1, 0);
        OutboundMessage b = message(1, 0);
        flow.enqueue(a);
        flow.enqueue(b);
        assertThat(flow.next()).isSameAs(a);
        assertThat(flow.next()).isSameAs(b);
        assertThat(flow.next()).isNull();
    }

    @Test
    void aFullQueueRefusesNewMessages() {
        OutboundFlow flow = new OutboundFlow(2);
        assertThat(flow.enqueue(message(1, 0))).isTrue();
        assertThat(flow.enqueue(message(1, 0))).isTrue();
        assertThat(flow.enqueue(message(1, 0))).isFalse();
    }

    @Test
    void bytesStayHeldUntilTheMessageLeavesTheWindow() {
        OutboundFlow flow = new OutboundFlow(10, 100);
        OutboundMessage big = message(1, 150);
        assertThat(flow.enqueue(big))
                .as("one message always fits when nothing is held")
                .isTrue();
        assertThat(flow.enqueue(message(1, 1))).isFalse();
        OutboundMessage sent = flow.next();
        assertThat(flow.heldBytes()).as("in flight").isEqualTo(150);
        flow.finished(sent);
        assertThat(flow.heldBytes()).isZero();
        assertThat(flow.enqueue(message(1, 1))).isTrue();
    }

    // [MQTT-2.2.1-3] packet ids wrap from 65535 to 1 and skip ids still in use
    @Test
    void packetIdsWrapAndSkipIdsInUse() {
        OutboundFlow flow = new OutboundFlow(1);
        Set<Integer> inUse = new HashSet<>();
        int keep = flow.nextPacketId(inUse::contains);
        inUse.add(keep);
        for (int i = 2; i <= 65_535; i++) {
            assertThat(flow.nextPacketId(inUse::contains)).isEqualTo(i);
        }
        assertThat(keep).isEqualTo(1);
        assertThat(flow.nextPacketId(inUse::contains)).as("1 is still in use").isEqualTo(2);
    }

    @Test
    void takeAllEmptiesTheQueueInOrder() {
        OutboundFlow flow = new OutboundFlow(10);
        OutboundMessage a = message(1, 5);
        OutboundMessage b = message(1, 5);
        flow.enqueue(a);
        flow.enqueue(b);
        assertThat(flow.takeAll()).containsExactly(a, b);
        assertThat(flow.queued()).isZero();
        assertThat(flow.heldBytes()).isZero();
    }
}
