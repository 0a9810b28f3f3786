package io.relaymq.broker.persistence.application;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records read from an APPLICATION client's topic and not yet handed to the client: how many and their
 * bytes. The reader thread adds, the session thread takes; reading pauses while either bound is reached
 * (the records stay in Kafka, so nothing is lost, the client only waits longer).
 */
final class ReadAhead {

    private final AtomicInteger records = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private final int maxRecords;
    private final long maxBytes;

    ReadAhead(int maxRecords, long maxBytes) {
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
    }

    /** The reader handed over these records. */
    void added(int count, long size) {
        records.addAndGet(count);
        bytes.addAndGet(size);
    }

    /** One record left the read-ahead (sent, or skipped). */
    void taken(long size) {
        records.decrementAndGet();
        bytes.addAndGet(-size);
    }

    void clear() {
        records.set(0);
        bytes.set(0);
    }

    /** Whether reading should pause. */
    boolean full() {
        return records.get() >= maxRecords || bytes.get() >= maxBytes;
    }

    long bytes() {
        return bytes.get();
    }
}
