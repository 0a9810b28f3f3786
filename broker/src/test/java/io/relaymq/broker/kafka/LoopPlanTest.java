package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The gap a loop of a topic written in bursts keeps between the starts of its polls. */
class LoopPlanTest {

    private static LoopPlan plan() {
        return LoopPlan.of("loop", () -> null, batch -> {}, LoopPlan.Commits.NONE);
    }

    @Test
    void aLoopPollsAgainAtOnceUnlessItHasAGap() {
        assertThat(plan().pollGap()).isZero();
        assertThat(plan().gapLeftNanos(0)).isZero();
    }

    @Test
    void theGapCountsFromTheStartOfThePollThatReturnedRecords() {
        LoopPlan gapped = plan().withPollGap(Duration.ofMillis(15));

        assertThat(gapped.gapLeftNanos(Duration.ofMillis(4).toNanos()))
                .isEqualTo(Duration.ofMillis(11).toNanos());
        assertThat(gapped.gapLeftNanos(Duration.ofMillis(15).toNanos())).isZero();
        // a batch that took longer than the gap: the next poll starts at once
        assertThat(gapped.gapLeftNanos(Duration.ofMillis(40).toNanos())).isZero();
    }

    @Test
    void theGapSurvivesTheOtherChangesOfAPlan() {
        LoopPlan gapped = plan().withPollGap(Duration.ofMillis(15));

        assertThat(gapped.forOneClient("app-reader").pollGap()).isEqualTo(Duration.ofMillis(15));
        assertThat(gapped.withHooks(PollHooks.NONE).pollGap()).isEqualTo(Duration.ofMillis(15));
    }

    @Test
    void aNegativeGapIsRefused() {
        assertThatThrownBy(() -> plan().withPollGap(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
