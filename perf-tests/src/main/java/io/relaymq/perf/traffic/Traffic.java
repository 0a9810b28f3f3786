package io.relaymq.perf.traffic;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Everything a run sent and received, per publisher sequence number. A message counts as lost when the
 * broker confirmed it (PUBACK/PUBCOMP; for QoS 0 when it was written) and a receiver that should get it
 * never did. Receiving a sequence twice counts a duplicate; receiving a publisher a receiver does not
 * subscribe to counts as unexpected (a routing error). Safe to call from any thread.
 *
 * <p>Recording a confirmation or a receipt (counter and histogram together) holds a shared lock, and
 * {@link #interval()} holds the exclusive one, so an interval's histograms count exactly the messages its
 * counters moved by: a receipt is never counted in one second and timed in the next.
 */
public final class Traffic {

    private final Expectations expectations;
    private final BitSet[] confirmed;
    private final Receipts[] receipts;
    private final LongAdder sent = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder received = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final LongAdder unexpected = new LongAdder();
    private final Recorder latency = new Recorder(3);
    private final Recorder pubAck = new Recorder(3);
    private final Lock recording;
    private final Lock sampling;

    public Traffic(Expectations expectations) {
        this.expectations = expectations;
        ReentrantReadWriteLock cut = new ReentrantReadWriteLock();
        this.recording = cut.readLock();
        this.sampling = cut.writeLock();
        this.confirmed = new BitSet[expectations.publisherCount()];
        for (int p = 0; p < confirmed.length; p++) {
            confirmed[p] = new BitSet();
        }
        this.receipts = new Receipts[expectations.receiverCount()];
        for (int r = 0; r < receipts.length; r++) {
            receipts[r] = new Receipts();
        }
    }

    public void sent() {
        sent.increment();
    }

    /** The broker took responsibility for the message (or, for QoS 0, it left the generator). */
    public void confirmed(int publisher, int seq, long sentNanos, long nowNanos) {
        synchronized (confirmed[publisher]) {
            confirmed[publisher].set(seq);
        }
        recording.lock();
        try {
            pubAck.recordValue(micros(nowNanos - sentNanos));
            acked.increment();
        } finally {
            recording.unlock();
        }
    }

    /** The publish failed (connection lost before the acknowledgement): the broker promised nothing. */
    public void failed() {
        failed.increment();
    }

    public void received(int receiver, Payloads.Header header, long nowNanos) {
        recording.lock();
        try {
            received.increment();
            latency.recordValue(micros(nowNanos - header.sentNanos()));
        } finally {
            recording.unlock();
        }
        int publisher = header.publisher();
        if (publisher < 0 || publisher >= confirmed.length || !expectations.expects(receiver, publisher)) {
            unexpected.increment();
            return;
        }
        if (!receipts[receiver].add(publisher, header.seq())) {
            duplicates.increment();
        }
    }

    private static long micros(long nanos) {
        return Math.max(0, nanos / 1000);
    }

    /** Publishes the broker has neither confirmed nor failed yet; read before {@link #lost()}. */
    public long pending() {
        return sent.sum() - acked.sum() - failed.sum();
    }

    /** Confirmed messages that some receiver that should have got them has not got (yet). */
    public long lost() {
        long lost = 0;
        for (int r = 0; r < receipts.length; r++) {
            for (int p = 0; p < confirmed.length; p++) {
                if (expectations.expects(r, p)) {
                    BitSet missing;
                    synchronized (confirmed[p]) {
                        missing = (BitSet) confirmed[p].clone();
                    }
                    receipts[r].removeFrom(p, missing);
                    lost += missing.cardinality();
                }
            }
        }
        return lost;
    }

    public Counts counts() {
        return new Counts(sent.sum(), acked.sum(), failed.sum(), received.sum(), duplicates.sum(), unexpected.sum());
    }

    /**
     * The running totals and the latencies recorded since the previous call, taken as one cut: end-to-end
     * (publisher send to subscriber receive) and send to PUBACK/PUBCOMP, in microseconds.
     */
    public Interval interval() {
        sampling.lock();
        try {
            return new Interval(counts(), latency.getIntervalHistogram(), pubAck.getIntervalHistogram());
        } finally {
            sampling.unlock();
        }
    }

    /** What {@link #interval()} returns. */
    public record Interval(Counts counts, Histogram latency, Histogram pubAck) {}

    /** Running totals. */
    public record Counts(long sent, long acked, long failed, long received, long duplicates, long unexpected) {

        public Counts minus(Counts earlier) {
            return new Counts(
                    sent - earlier.sent,
                    acked - earlier.acked,
                    failed - earlier.failed,
                    received - earlier.received,
                    duplicates - earlier.duplicates,
                    unexpected - earlier.unexpected);
        }
    }

    /** One receiver's sequences per publisher. */
    private static final class Receipts {
        private final Map<Integer, BitSet> byPublisher = new HashMap<>();

        synchronized boolean add(int publisher, int seq) {
            BitSet seqs = byPublisher.computeIfAbsent(publisher, p -> new BitSet());
            boolean fresh = !seqs.get(seq);
            seqs.set(seq);
            return fresh;
        }

        synchronized void removeFrom(int publisher, BitSet missing) {
            BitSet seqs = byPublisher.get(publisher);
            if (seqs != null) {
                missing.andNot(seqs);
            }
        }
    }
}
