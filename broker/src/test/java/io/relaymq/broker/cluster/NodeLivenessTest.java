package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The dead-node rule: a node is judged dead only on evidence this node had, measured on its own clock
 * since it last saw the heartbeat change and since the heartbeat store was reachable again.
 */
class NodeLivenessTest {

    private static final Duration DEAD_AFTER = Duration.ofSeconds(30);
    private static final long T0 = 1_700_000_000_000L;

    private final SettableClock clock = new SettableClock(T0);
    private final NodeLiveness liveness = new NodeLiveness(clock, DEAD_AFTER);

    private static NodeRegistry.NodeInfo beat(String node, long stamp) {
        return new NodeRegistry.NodeInfo(node, stamp, T0 - 60_000, "1883", -1, 2, 0, 0);
    }

    private Set<String> observeAt(long millis, NodeRegistry.NodeInfo... nodes) {
        clock.set(millis);
        return liveness.observe(List.of(nodes), millis);
    }

    @Test
    void aNodeWhoseHeartbeatStopsChangingIsDeadOnlyAfterTheDeadAfterPeriod() {
        assertThat(observeAt(T0, beat("a", T0), beat("b", T0))).isEmpty();
        assertThat(observeAt(T0 + 30_000, beat("a", T0 + 30_000), beat("b", T0)))
                .isEmpty();
        assertThat(observeAt(T0 + 30_001, beat("a", T0 + 30_001), beat("b", T0)))
                .containsExactly("b");
    }

    @Test
    void aStaleHeartbeatRightAfterAStoreOutageIsNoEvidence() {
        assertThat(observeAt(T0, beat("a", T0), beat("b", T0))).isEmpty();
        clock.set(T0 + 1_000);
        liveness.storeFailed();
        assertThat(observeAt(T0 + 20_000, beat("a", T0), beat("b", T0))).isEmpty();
        clock.set(T0 + 31_000);
        liveness.storeAnswered();
        NodeRegistry.NodeInfo staleB = beat("b", T0);
        // the writer-stamped rule used before judged b dead here: its stamp is 35 s old
        assertThat(staleB.isAliveAt(T0 + 35_000, DEAD_AFTER)).isFalse();
        assertThat(observeAt(T0 + 35_000, beat("a", T0 + 35_000), staleB)).isEmpty();
        assertThat(observeAt(T0 + 61_000, beat("a", T0 + 61_000), staleB)).isEmpty();
        assertThat(observeAt(T0 + 61_001, beat("a", T0 + 61_001), staleB)).containsExactly("b");
    }

    @Test
    void nobodyIsJudgedWhileTheStoreIsUnreachable() {
        observeAt(T0, beat("a", T0), beat("b", T0));
        liveness.storeFailed();
        assertThat(observeAt(T0 + 120_000, beat("a", T0), beat("b", T0))).isEmpty();
    }

    @Test
    void theWritersClockDoesNotMatterOnlyWhetherTheHeartbeatChanges() {
        long skew = -600_000;
        for (long t = T0; t <= T0 + 120_000; t += 5_000) {
            assertThat(observeAt(t, beat("b", t + skew))).isEmpty();
        }
    }

    @Test
    void aNodeFirstSeenWithAnOldHeartbeatGetsTheFullPeriodFromThatSighting() {
        clock.set(T0 + 100_000);
        assertThat(observeAt(T0 + 100_000, beat("b", T0))).isEmpty();
        assertThat(observeAt(T0 + 130_000, beat("b", T0))).isEmpty();
        assertThat(observeAt(T0 + 130_001, beat("b", T0))).containsExactly("b");
    }

    @Test
    void aPauseOfThisNodeBetweenAskingAndObservingDoesNotCountAgainstTheOthers() {
        observeAt(T0, beat("b", T0));
        clock.set(T0 + 45_000);
        assertThat(liveness.observe(List.of(beat("b", T0)), T0 + 10_000)).isEmpty();
    }

    private static final class SettableClock extends Clock {
        private volatile long millis;

        SettableClock(long millis) {
            this.millis = millis;
        }

        void set(long value) {
            millis = value;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }
    }
}
