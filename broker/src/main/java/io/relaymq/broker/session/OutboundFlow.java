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
 * Maximum ([MQTT-3.3.4-9]). Packet ids run 1..65535 and skip ids still in use ([MQTT-2.2.1-3]). The queue
 * is bounded in messages, and the payload bytes held (queued and in flight) in bytes: one message is
 * always taken when nothing is held, so a message larger than the byte limit still gets through. Used
 * from the session's thread only.
 */
final class OutboundFlow {

    private final Map<Integer, InFlight> inFlight = new LinkedHashMap<>();
    private final Deque<OutboundMessage> queue = new ArrayDeque<>();
    private final int maxQueued;
    private final long maxBytes;
    private final PacketIds packetIds = new PacketIds();
    private long heldBytes;

    OutboundFlow(int maxQueued) {
        this(maxQueued, Long.MAX_VALUE);
    }

    OutboundFlow(int maxQueued, long maxBytes) {
        this.maxQueued = maxQueued;
        this.maxBytes = maxBytes;
    }

    /** Whether the message fits the byte limit next to what is held now. */
    boolean fitsBytes(OutboundMessage message) {
        return heldBytes == 0 || heldBytes + size(message) <= maxBytes;
    }

    /** Queues a QoS 1/2 message; false when the queue is full (messages or bytes) and the message is dropped. */
    boolean enqueue(OutboundMessage message) {
        if (queue.size() >= maxQueued || !fitsBytes(message)) {
            return false;
        }
        queue.addLast(message);
        heldBytes += size(message);
        return true;
    }

    /** Payload bytes queued and in flight. */
    long heldBytes() {
        return heldBytes;
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
        forget(packetId);
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
        forget(packetId);
    }

    /** PUBCOMP for a QoS 2 message; false when unknown. */
    boolean complete(int packetId) {
        InFlight entry = inFlight.get(packetId);
        if (entry == null || entry.stage != InFlight.Stage.AWAITING_PUBCOMP) {
            return false;
        }
        forget(packetId);
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
        heldBytes = 0;
        return all;
    }

    int inFlightCount() {
        return inFlight.size();
    }

    int queued() {
        return queue.size();
    }

    private void forget(int packetId) {
        InFlight entry = inFlight.remove(packetId);
        if (entry != null) {
            heldBytes -= size(entry.message);
        }
    }

    private static long size(OutboundMessage message) {
        return message.message().payload().length;
    }

    private int nextPacketId() {
        return packetIds.next(inFlight::containsKey);
    }
}
