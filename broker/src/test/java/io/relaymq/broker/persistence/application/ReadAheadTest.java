package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Finding 7 (queues counted in messages, not bytes), APPLICATION clients: what is read ahead of a slow
 * client's window is bounded in bytes as well as records; before, 2,000 records of up to 1 MiB each
 * (about 2 GiB) could wait in the node's memory per client.
 */
class ReadAheadTest {

    @Test
    void readingPausesAtTheByteBoundLongBeforeTheRecordBound() {
        ReadAhead readAhead = new ReadAhead(2000, 1 << 20);
        readAhead.added(3, 3 * 300_000);
        assertThat(readAhead.full()).isFalse();
        readAhead.added(1, 300_000);
        assertThat(readAhead.full()).as("4 records, 1.2 MB").isTrue();

        readAhead.taken(300_000);
        assertThat(readAhead.full()).isFalse();
        assertThat(readAhead.bytes()).isEqualTo(900_000);
    }

    @Test
    void theRecordBoundStillHoldsAndClearingEmptiesBoth() {
        ReadAhead readAhead = new ReadAhead(2, Long.MAX_VALUE);
        readAhead.added(2, 10);
        assertThat(readAhead.full()).isTrue();
        readAhead.clear();
        assertThat(readAhead.full()).isFalse();
        assertThat(readAhead.bytes()).isZero();
    }
}
