package io.relaymq.broker.reliability;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttMessage;

/**
 * What one subscriber got, per publisher: which sequence numbers arrived, how often, and in which
 * order. Payloads are {@code <publisher>:<sequence>}; a first arrival of a number below one already
 * seen from the same publisher is out of order, a second arrival of any number is a duplicate.
 */
final class Receiver {

    private static final long RECENT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String kind;
    private final Tally[] tallies;
    private final Deque<Long> recent = new ArrayDeque<>();
    private volatile boolean probed;

    Receiver(String kind, int publishers) {
        this.kind = kind;
        this.tallies = new Tally[publishers];
        for (int i = 0; i < publishers; i++) {
            tallies[i] = new Tally();
        }
    }

    String kind() {
        return kind;
    }

    boolean probed() {
        return probed;
    }

    synchronized void arrived(String topic, MqttMessage message) {
        String payload = new String(message.getPayload(), StandardCharsets.UTF_8);
        if (payload.equals("probe")) {
            probed = true;
            return;
        }
        int colon = payload.indexOf(':');
        tallies[Integer.parseInt(payload.substring(0, colon))].add(Integer.parseInt(payload.substring(colon + 1)));
        long now = System.nanoTime();
        recent.addLast(now);
        while (now - recent.peekFirst() > RECENT_NANOS) {
            recent.removeFirst();
        }
    }

    /** Distinct messages received so far, over all publishers. */
    synchronized long distinct() {
        long distinct = 0;
        for (Tally tally : tallies) {
            distinct += tally.received.cardinality();
        }
        return distinct;
    }

    /** Messages that arrived in the last second: possibly not yet acknowledged all the way back. */
    synchronized int arrivedLastSecond() {
        long now = System.nanoTime();
        return (int) recent.stream().filter(t -> now - t <= RECENT_NANOS).count();
    }

    /** Acknowledged messages of {@code publisher} that never arrived. */
    synchronized BitSet missing(int publisher, BitSet acked) {
        BitSet missing = (BitSet) acked.clone();
        missing.andNot(tallies[publisher].received);
        return missing;
    }

    synchronized long duplicatesSoFar() {
        long duplicates = 0;
        for (Tally tally : tallies) {
            duplicates += tally.duplicates;
        }
        return duplicates;
    }

    synchronized long received(int publisher) {
        return tallies[publisher].count;
    }

    synchronized long duplicates(int publisher) {
        return tallies[publisher].duplicates;
    }

    /** The first sequence numbers of {@code publisher} that arrived more than once, for the report. */
    synchronized String duplicated(int publisher) {
        return tallies[publisher].duplicated.stream().limit(20).boxed().toList().toString();
    }

    synchronized long outOfOrder(int publisher) {
        return tallies[publisher].outOfOrder;
    }

    @Override
    public String toString() {
        return kind;
    }

    private static final class Tally {
        private final BitSet received = new BitSet();
        private final BitSet duplicated = new BitSet();
        private long count;
        private long duplicates;
        private long outOfOrder;
        private int highest = -1;

        void add(int n) {
            count++;
            if (received.get(n)) {
                duplicates++;
                duplicated.set(n);
                return;
            }
            received.set(n);
            if (n < highest) {
                outOfOrder++;
            }
            highest = Math.max(highest, n);
        }
    }
}
