package io.relaymq.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IntervalCountsTest {

    private static Map<StatsKey, Long> reading(long incoming, long connections, long retained) {
        Map<StatsKey, Long> values = new EnumMap<>(StatsKey.class);
        values.put(StatsKey.INCOMING_MSGS, incoming);
        values.put(StatsKey.CONNECTIONS, connections);
        values.put(StatsKey.RETAINED_MSGS, retained);
        return values;
    }

    @Test
    void countersBecomeTheIncreaseOfTheIntervalAndGaugesStayAsRead() {
        IntervalCounts counts = new IntervalCounts(reading(100, 3, 7));

        assertThat(counts.next(reading(130, 5, 7)))
                .containsExactly(
                        Map.entry("incomingMsgs", 30L), Map.entry("connections", 5L), Map.entry("retainedMsgs", 7L));
        assertThat(counts.next(reading(131, 0, 2)))
                .containsExactly(
                        Map.entry("incomingMsgs", 1L), Map.entry("connections", 0L), Map.entry("retainedMsgs", 2L));
    }

    @Test
    void aCounterThatWentBackCountsNothingRatherThanANegativeCount() {
        IntervalCounts counts = new IntervalCounts(reading(100, 0, 0));

        assertThat(counts.next(reading(40, 0, 0))).containsEntry("incomingMsgs", 0L);
        assertThat(counts.next(reading(45, 0, 0))).containsEntry("incomingMsgs", 5L);
    }

    @Test
    void intervalTimesAreAlignedToTheIntervalInUtc() {
        SamplingInterval minute = new SamplingInterval(60_000);

        assertThat(minute.startOf(1_764_000_059_999L)).isEqualTo(1_764_000_000_000L);
        assertThat(minute.nextAfter(1_764_000_000_000L)).isEqualTo(1_764_000_060_000L);
        assertThat(new SamplingInterval(2_000).startOf(1_764_000_003_500L)).isEqualTo(1_764_000_002_000L);
        assertThatThrownBy(() -> new SamplingInterval(7_000)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theQosKeysFollowTheirTotalKeyAndOnlyGaugesOfTheClusterAreClusterWide() {
        assertThat(StatsKey.values()[StatsKey.DROPPED_MSGS.ordinal() + 2]).isEqualTo(StatsKey.DROPPED_MSGS_QOS1);
        assertThat(StatsKey.values()[StatsKey.INCOMING_MSGS.ordinal() + 3]).isEqualTo(StatsKey.INCOMING_MSGS_QOS2);
        assertThat(StatsKey.values()[StatsKey.OUTGOING_MSGS.ordinal() + 1]).isEqualTo(StatsKey.OUTGOING_MSGS_QOS0);
        assertThat(StatsKey.clusterWide()).containsExactly("retainedMsgs", "kafkaLag");
    }
}
