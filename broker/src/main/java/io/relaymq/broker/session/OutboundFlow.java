package io.relaymq.broker.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broker-to-client side of one session: QoS 1/2 messages in flight (by packet id, in send order)
 * and the queue behind them. The window is the smaller of the broker's limit and the client's Receive
 * Maximum ([MQTT-3.3.4-9]). Packet ids run 1..65535 and skip ids still in use ([MQTT-2.2.1-3]). Used
 * from the session's thread only.
 */
final class OutboundFlow {

    private final Map<Integer, InFlight> inFlight = new LinkedHashMap<>();
    private final Deque<OutboundMessage> queue = new ArrayDeque<>();
    private final int maxQueued;
    private final PacketIds packetIds = new PacketIds();

    OutboundFlow(int maxQueued) {
        this.maxQueued = maxQueued;
    }

    /** Queues a QoS 1/2 message; false when the queue is full and the message is dropped. */
    boolean enqueue(OutboundMessage message) {
        if (queue.size() >= maxQueued) {
            return false;
        }
        queue.addLast(message);
        return true;
    }

    /** Takes the next queued message into the window, or null when the window is full or nothing waits. */
    InFlight nextToSend(int window) {
        if (inFlight.size() >= window || queue.isEmpty()) {
            return null;
        }
        OutboundMessage message = queue.pollFirst();
        InFlight entry = new InFlight(nextPacketId(), message);
        inFlight.put(entry.packetId, entry);
        return entry;
    }

    /** PUBACK for a QoS 1 message; false when no such message is in flight. */
    boolean acknowledge(int packetId) {
        InFlight entry = inFlight.get(packetId);
        if (entry == null || entry.stage != InFlight.Stage.AWAITING_PUBACK) {
            return false;
        }
        inFlight.remove(packetId);
        return true;
    }

    /** PUBREC for a QoS 2 message: it now waits for PUBCOMP; false when unknown. */
    boolean received(int packetId) {
        InFlight entry = inFlight.get(packetId);
        if (entry == null || entry.stage == InFlight.Stage.AWAITING_PUBACK) {
            return false;
        }
        entry.stage = InFlight.Stage.AWAITING_PUBCOMP;
        return true;
    }

    /** PUBREC with an error reason (5.0): the message is done. */
    void abandon(int packetId) {
        inFlight.remove(packetId);
    }

    /** PUBCOMP for a QoS 2 message; false when unknown. */
    boolean complete(int packetId) {
        InFlight entry = inFlight.get(packetId);
        if (entry == null || entry.stage != InFlight.Stage.AWAITING_PUBCOMP) {
            return false;
        }
        inFlight.remove(packetId);
        return true;
    }

    /** What to send again after a reconnect, in the original order ([MQTT-4.4.0-1]). */
    List<InFlight> inFlight() {
        return new ArrayList<>(inFlight.values());
    }

    /** Empties the flow, returning every message in flight and queued, in order. */
    List<OutboundMessage> takeAll() {
        List<OutboundMessage> all = new ArrayList<>(inFlight.size() + queue.size());
        inFlight.values().forEach(entry -> all.add(entry.message));
        all.addAll(queue);
        inFlight.clear();
        queue.clear();
        return all;
    }

    int inFlightCount() {
        return inFlight.size();
    }

    int queued() {
        return queue.size();
    }

    private int nextPacketId() {
        return packetIds.next(inFlight::containsKey);
    }
}
