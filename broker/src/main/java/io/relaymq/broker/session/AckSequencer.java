package io.relaymq.broker.session;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * Sends QoS 1/2 acknowledgements in the order the PUBLISH packets arrived ([MQTT-4.6.0-2],
 * [MQTT-4.6.0-3]), although Kafka acknowledges writes to different partitions in any order. Used from
 * one thread (the session's).
 */
public final class AckSequencer {

    /** Small at first: an idle connection holds nothing, a busy one grows it. */
    private final Deque<Pending> pending = new ArrayDeque<>(2);
    /** Slots of QoS 2 messages: their packet ids are also among the session's ids awaiting PUBREL. */
    private int qos2;

    /** A slot for the acknowledgement of one PUBLISH; {@code send} runs when it is this slot's turn. */
    public Pending register(Consumer<Boolean> send) {
        return register(send, false);
    }

    /**
     * A slot for the PUBREC of a QoS 2 PUBLISH whose packet id the session already counts as awaiting PUBREL,
     * so that {@link #notAwaitingRelease()} leaves it out.
     */
    public Pending registerQos2(Consumer<Boolean> send) {
        return register(send, true);
    }

    private Pending register(Consumer<Boolean> send, boolean isQos2) {
        Pending slot = new Pending(send, isQos2);
        pending.addLast(slot);
        if (isQos2) {
            qos2++;
        }
        return slot;
    }

    public int size() {
        return pending.size();
    }

    /** Outstanding acknowledgements other than QoS 2 PUBRECs: with the ids awaiting PUBREL, what is in flight. */
    public int notAwaitingRelease() {
        return pending.size() - qos2;
    }

    /** Marks the slot's write as done (or failed) and sends every acknowledgement that is now due. */
    public void complete(Pending slot, boolean success) {
        slot.done = true;
        slot.success = success;
        while (!pending.isEmpty() && pending.peekFirst().done) {
            Pending head = pending.pollFirst();
            if (head.qos2) {
                qos2--;
            }
            head.send.accept(head.success);
        }
    }

    /** One outstanding acknowledgement. */
    public static final class Pending {
        private final Consumer<Boolean> send;
        private final boolean qos2;
        private boolean done;
        private boolean success;

        private Pending(Consumer<Boolean> send, boolean qos2) {
            this.send = send;
            this.qos2 = qos2;
        }
    }
}
