package io.relaymq.broker.publish;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * Sends QoS 1/2 acknowledgements in the order the PUBLISH packets arrived ([MQTT-4.6.0-2],
 * [MQTT-4.6.0-3]), although Kafka acknowledges writes to different partitions in any order. Used from
 * one thread (the session's).
 */
public final class AckSequencer {

    private final Deque<Pending> pending = new ArrayDeque<>();

    /** A slot for the acknowledgement of one PUBLISH; {@code send} runs when it is this slot's turn. */
    public Pending register(Consumer<Boolean> send) {
        Pending slot = new Pending(send);
        pending.addLast(slot);
        return slot;
    }

    public int size() {
        return pending.size();
    }

    /** Marks the slot's write as done (or failed) and sends every acknowledgement that is now due. */
    public void complete(Pending slot, boolean success) {
        slot.done = true;
        slot.success = success;
        while (!pending.isEmpty() && pending.peekFirst().done) {
            Pending head = pending.pollFirst();
            head.send.accept(head.success);
        }
    }

    /** One outstanding acknowledgement. */
    public static final class Pending {
        private final Consumer<Boolean> send;
        private boolean done;
        private boolean success;

        private Pending(Consumer<Boolean> send) {
            this.send = send;
        }
    }
}
