package io.relaymq.perf.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TrafficTest {

    /** Two receivers; receiver r must get publisher r (point to point). */
    private final Expectations pairs = new Expectations() {
        @Override
        public int publisherCount() {
            return 2;
        }

        @Override
        public int receiverCount() {
            return 2;
        }

        @Override
        public boolean expects(int receiver, int publisher) {
            return receiver == publisher;
        }
    };

    private static Payloads.Header header(int publisher, int seq) {
        return Payloads.decode(Unpooled.wrappedBuffer(Payloads.encode(62, 1_000, publisher, seq)));
    }

    @Test
    void aConfirmedMessageNobodyReceivedIsLostUntilItArrives() {
        Traffic traffic = new Traffic(pairs);
        traffic.confirmed(0, 0, 0, 2_000_000);
        traffic.confirmed(0, 1, 0, 2_000_000);
        traffic.received(0, header(0, 0), 3_000_000);

        assertThat(traffic.lost()).isEqualTo(1);
        traffic.received(0, header(0, 1), 3_000_000);
        assertThat(traffic.lost()).isZero();
        assertThat(traffic.counts().received()).isEqualTo(2);
    }

    @Test
    void unconfirmedMessagesAreNeverCountedLost() {
        Traffic traffic = new Traffic(pairs);
        traffic.sent();
        traffic.failed();

        assertThat(traffic.lost()).isZero();
        assertThat(traffic.counts()).isEqualTo(new Traffic.Counts(1, 0, 1, 0, 0, 0));
    }

    @Test
    void aPublishIsPendingUntilTheBrokerConfirmsOrItFails() {
        Traffic traffic = new Traffic(pairs);
        traffic.sent();
        traffic.sent();
        traffic.sent();
        assertThat(traffic.pending()).isEqualTo(3);

        traffic.confirmed(0, 0, 0, 1);
        traffic.failed();
        assertThat(traffic.pending()).isEqualTo(1);
        traffic.confirmed(0, 1, 0, 1);
        assertThat(traffic.pending()).isZero();
    }

    @Test
    void aSecondCopyIsADuplicateAndAnotherPublishersMessageIsUnexpected() {
        Traffic traffic = new Traffic(pairs);
        traffic.confirmed(1, 5, 0, 1);
        traffic.received(1, header(1, 5), 1);
        traffic.received(1, header(1, 5), 1);
        traffic.received(1, header(0, 0), 1);

        assertThat(traffic.counts().duplicates()).isEqualTo(1);
        assertThat(traffic.counts().unexpected()).isEqualTo(1);
        assertThat(traffic.lost()).isZero();
    }

    @Test
    void everyReceiverThatShouldGetAMessageCounts() {
        Expectations everyone = new Expectations() {
            @Override
            public int publisherCount() {
                return 1;
            }

            @Override
            public int receiverCount() {
                return 3;
            }

            @Override
            public boolean expects(int receiver, int publisher) {
                return true;
            }
        };
        Traffic traffic = new Traffic(everyone);
        traffic.confirmed(0, 0, 0, 1);
        traffic.received(1, header(0, 0), 1);

        assertThat(traffic.lost()).isEqualTo(2);
    }

    @Test
    void latencyIsRecordedInMicrosFromThePayloadsSendTime() {
        Traffic traffic = new Traffic(pairs);
        traffic.confirmed(0, 0, 1_000, 3_001_000);
        traffic.received(0, header(0, 0), 5_001_000);

        Traffic.Interval interval = traffic.interval();
        assertThat(interval.pubAck().getMaxValue()).isBetween(2_990L, 3_010L);
        assertThat(interval.latency().getMaxValue()).isBetween(4_990L, 5_010L);
        assertThat(traffic.interval().latency().getTotalCount()).isZero();
    }

    @Test
    void everyIntervalTimesExactlyTheReceiptsAndConfirmationsItCounts() throws Exception {
        Traffic traffic = new Traffic(pairs);
        AtomicBoolean running = new AtomicBoolean(true);
        Thread[] recorders = new Thread[2];
        for (int r = 0; r < recorders.length; r++) {
            int receiver = r;
            recorders[r] = new Thread(() -> {
                for (int seq = 0; running.get(); seq++) {
                    traffic.confirmed(receiver, seq, 0, 1_000);
                    traffic.received(receiver, header(receiver, seq), 2_000_000);
                }
            });
            recorders[r].start();
        }
        Traffic.Counts last = traffic.interval().counts();
        try {
            for (int i = 0; i < 2_000; i++) {
                Traffic.Interval interval = traffic.interval();
                Traffic.Counts delta = interval.counts().minus(last);
                last = interval.counts();
                assertThat(interval.latency().getTotalCount())
                        .as("interval %d", i)
                        .isEqualTo(delta.received());
                assertThat(interval.pubAck().getTotalCount())
                        .as("interval %d", i)
                        .isEqualTo(delta.acked());
            }
        } finally {
            running.set(false);
            for (Thread t : recorders) {
                t.join();
            }
        }
        assertThat(last.received()).isPositive();
    }

    @Test
    void foreignPayloadsAreNotDecoded() {
        assertThat(Payloads.decode(Unpooled.wrappedBuffer(new byte[15]))).isNull();
        assertThat(Payloads.encode(62, 7, 3, 9)).hasSize(62);
        assertThat(header(3, 9)).isEqualTo(new Payloads.Header(1_000, 3, 9));
    }
}
