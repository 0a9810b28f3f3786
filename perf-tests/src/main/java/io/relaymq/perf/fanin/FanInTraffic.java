package io.relaymq.perf.fanin;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;

/**
 * What the fan-in run sent and received. Each 62-byte payload carries its send time (nanoTime of this
 * JVM), publisher index and sequence number, so loss and duplicates are counted per publisher sequence.
 */
final class FanInTraffic {

    static final int PAYLOAD_BYTES = 62;

    final AtomicLong sent = new AtomicLong();
    final AtomicLong acked = new AtomicLong();
    final AtomicLong received = new AtomicLong();
    final AtomicLong duplicates = new AtomicLong();
    final Recorder latency = new Recorder(3);
    final Recorder pubAckLatency = new Recorder(3);
    private final BitSet[] ackedSeqs;
    private final BitSet[] receivedSeqs;

    FanInTraffic(int publishers) {
        ackedSeqs = new BitSet[publishers];
        receivedSeqs = new BitSet[publishers];
        for (int i = 0; i < publishers; i++) {
            ackedSeqs[i] = new BitSet();
            receivedSeqs[i] = new BitSet();
        }
    }

    static byte[] payload(int publisher, int seq) {
        return ByteBuffer.allocate(PAYLOAD_BYTES).putLong(System.nanoTime()).putInt(publisher).putInt(seq).array();
    }

    void acknowledged(int publisher, int seq, long sentNanos) {
        acked.incrementAndGet();
        pubAckLatency.recordValue(Math.max(0, (System.nanoTime() - sentNanos) / 1000));
        synchronized (ackedSeqs[publisher]) {
            ackedSeqs[publisher].set(seq);
        }
    }

    void arrived(ByteBuffer payload) {
        long sentNanos = payload.getLong();
        int publisher = payload.getInt();
        int seq = payload.getInt();
        latency.recordValue(Math.max(0, (System.nanoTime() - sentNanos) / 1000));
        received.incrementAndGet();
        synchronized (receivedSeqs[publisher]) {
            if (receivedSeqs[publisher].get(seq)) {
                duplicates.incrementAndGet();
            }
            receivedSeqs[publisher].set(seq);
        }
    }

    /** Messages the broker acknowledged that no subscriber received. */
    long lost() {
        long lost = 0;
        for (int i = 0; i < ackedSeqs.length; i++) {
            BitSet missing;
            synchronized (ackedSeqs[i]) {
                missing = (BitSet) ackedSeqs[i].clone();
            }
            synchronized (receivedSeqs[i]) {
                missing.andNot(receivedSeqs[i]);
            }
            lost += missing.cardinality();
        }
        return lost;
    }
}
