package io.relaymq.broker.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The queue behind a session's {@link InFlightWindow} when its messages live in the node's memory, and the
 * packet ids it hands out: ids run 1..65535 and skip ids still in use ([MQTT-2.2.1-3]). The queue is bounded in
 * messages, and the payload bytes held (queued and in flight) in bytes: one message is always taken when nothing
 * is held, so a message larger than the byte limit still gets through. Used from the session's thread only.
 */
final class OutboundFlow {

    /** Small at first: most sessions queue nothing (their messages go straight out). */
    private final Deque<OutboundMessage> queue = new ArrayDeque<>(2);

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

    /** The next queued message (it stays held until {@link #finished}), or null when nothing waits. */
    OutboundMessage next() {
        return queue.pollFirst();
    }

    /** The next free packet id. */
    int nextPacketId(IntPredicate inUse) {
        return packetIds.next(inUse);
    }

    /** A message taken with {@link #next} left the window: its bytes are no longer held. */
    void finished(OutboundMessage message) {
        heldBytes -= size(message);
    }

    /** Empties the queue, returning what waited in order; nothing is held any more. */
    List<OutboundMessage> takeAll() {
        List<OutboundMessage> all = new ArrayList<>(queue);
        queue.clear();
        heldBytes = 0;
        return all;
    }

    int queued() {
        return queue.size();
    }

    private static long size(OutboundMessage message) {
        return message.message().payload().length;
    }
}
