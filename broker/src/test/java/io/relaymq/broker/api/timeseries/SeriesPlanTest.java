package io.relaymq.broker.api.timeseries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.stats.StatsKey;
import io.relaymq.dao.stats.StatsAggregation;
import org.junit.jupiter.api.Test;

class SeriesPlanTest {

    private static final long MINUTE = 60_000;
    private static final long HOUR = 3_600_000;
    private static final long DAY = 24 * HOUR;
    private static final long T0 = 1_764_000_000_000L; // a whole hour (UTC)

    @Test
    void aShortAggregatedRangeReadsThePointsInBucketsFromStartTs() {
        SeriesPlan plan = SeriesPlan.of("node-1", "incomingMsgs", T0 + 90_000, T0 + HOUR, 5 * MINUTE, "sum", null);

        assertThat(plan.rollup()).isFalse();
        assertThat(plan.startTs()).isEqualTo(T0 + 90_000);
        assertThat(plan.interval()).isEqualTo(5 * MINUTE);
        assertThat(plan.aggregation()).isEqualTo(StatsAggregation.SUM);
        assertThat(plan.entityId()).isEqualTo("node-1");
    }

    @Test
    void aRangeOverTwoDaysReadsTheRollupInWholeHoursFromTheHourOfStartTs() {
        SeriesPlan plan = SeriesPlan.of("total", "sessions", T0 + 20 * MINUTE, T0 + 7 * DAY, 90 * MINUTE, "AVG", null);

        assertThat(plan.rollup()).isTrue();
        assertThat(plan.entityId()).isNull();
        assertThat(plan.startTs()).isEqualTo(T0);
        assertThat(plan.interval()).isEqualTo(2 * HOUR);
    }

    @Test
    void bucketsOfAnHourReadTheRollupEvenForAShortRange() {
        SeriesPlan plan = SeriesPlan.of("total", "sessions", T0, T0 + DAY, HOUR, "MAX", null);

        assertThat(plan.rollup()).isTrue();
        assertThat(plan.interval()).isEqualTo(HOUR);
    }

    @Test
    void withoutAnIntervalTheSmallestWholeMinuteWithinTheBucketCapIsTaken() {
        assertThat(SeriesPlan.defaultInterval(HOUR)).isEqualTo(MINUTE);
        assertThat(SeriesPlan.defaultInterval(DAY)).isEqualTo(3 * MINUTE); // 1440 min / 700 -> 2.06 -> 3
        assertThat(SeriesPlan.of("total", "sessions", T0, T0 + DAY, null, "AVG", null)
                        .interval())
                .isEqualTo(3 * MINUTE);
    }

    @Test
    void moreThanSevenHundredBucketsAreRefused() {
        assertThat(SeriesPlan.of("total", "sessions", T0, T0 + 700 * MINUTE, MINUTE, "SUM", null)
                        .interval())
                .isEqualTo(MINUTE);
        assertThatThrownBy(() -> SeriesPlan.of("total", "sessions", T0, T0 + 701 * MINUTE, MINUTE, "SUM", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("701")
                .hasMessageContaining("700");
    }

    @Test
    void noneReadsThePointsWithTheLimit() {
        SeriesPlan plan = SeriesPlan.of("n", "connections", T0, T0 + HOUR, null, null, 5);

        assertThat(plan.aggregation()).isEqualTo(StatsAggregation.NONE);
        assertThat(plan.limit()).isEqualTo(5);
        assertThat(plan.rollup()).isFalse();
        assertThat(SeriesPlan.of("n", "connections", T0, T0 + HOUR, null, "NONE", null)
                        .limit())
                .isEqualTo(SeriesPlan.DEFAULT_LIMIT);
    }

    @Test
    void keysAreParsedInOrderOnceEach() {
        SeriesPlan plan = SeriesPlan.of("n", "outgoingMsgs, incomingMsgsQos1,outgoingMsgs", T0, T0, null, null, null);

        assertThat(plan.keys()).containsExactly(StatsKey.OUTGOING_MSGS, StatsKey.INCOMING_MSGS_QOS1);
    }

    @Test
    void badParametersAreRefusedWithWhatIsWrong() {
        assertRefused(
                () -> SeriesPlan.of("n", "incomingMsgs,nope", T0, T0 + 1, null, null, null), "unknown key 'nope'");
        assertRefused(() -> SeriesPlan.of("n", " ", T0, T0 + 1, null, null, null), "keys");
        assertRefused(() -> SeriesPlan.of("n", "x".repeat(1001), T0, T0 + 1, null, null, null), "1000 characters");
        assertRefused(() -> SeriesPlan.of("n", "sessions", T0, T0 - 1, null, null, null), "endTs");
        assertRefused(() -> SeriesPlan.of("n", "sessions", -5, T0, null, null, null), "startTs");
        assertRefused(() -> SeriesPlan.of("n", "sessions", T0, T0 + 1, null, "MEDIAN", null), "agg");
        assertRefused(() -> SeriesPlan.of("n", "sessions", T0, T0 + 1, null, null, 0), "limit");
        assertRefused(() -> SeriesPlan.of("n", "sessions", T0, T0 + 1, null, null, 10_001), "limit");
        assertRefused(() -> SeriesPlan.of("n", "sessions", T0, T0 + 1, 999L, "SUM", null), "interval");
        assertRefused(() -> SeriesPlan.of("n", "sessions", 0, T0, Long.MAX_VALUE, "SUM", null), "interval");
        assertRefused(() -> SeriesPlan.of("n", "sessions", 0, Long.MAX_VALUE, null, "SUM", null), "endTs");
        assertRefused(() -> SeriesPlan.of("a/b", "sessions", T0, T0 + 1, null, null, null), "entityId");
        assertRefused(() -> SeriesPlan.of("n".repeat(101), "sessions", T0, T0 + 1, null, null, null), "entityId");
        assertRefused(() -> SeriesPlan.of("", "sessions", T0, T0 + 1, null, null, null), "entityId");
    }

    @Test
    void anIntervalLongerThanTheRangeIsOneBucket() {
        SeriesPlan plan = SeriesPlan.of("n", "sessions", T0, T0 + 10 * DAY, 3660 * DAY, "MAX", null);

        assertThat(plan.rollup()).isTrue();
        assertThat(plan.interval()).isEqualTo(3660 * DAY);
    }

    @Test
    void latestWithoutKeysMeansEveryKey() {
        assertThat(SeriesParams.keys(null, false)).containsExactlyElementsOf(StatsKey.all());
    }

    @Test
    void wholeValuesAreWrittenAsWholeNumbers() {
        assertThat(TsValue.of(1, 42.0).value()).isEqualTo(42L);
        assertThat(TsValue.of(1, 2.5).value()).isEqualTo(2.5);
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String text) {
        assertThatThrownBy(call).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(text);
    }
}
