package io.relaymq.broker.api.reset;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MailBudgetTest {

    @Test
    void atMostThePerMinuteCountWithinAnyMinute() {
        MailBudget budget = new MailBudget(3);

        assertThat(budget.take(0)).isTrue();
        assertThat(budget.take(10_000)).isTrue();
        assertThat(budget.take(20_000)).isTrue();
        assertThat(budget.take(30_000)).isFalse();
        assertThat(budget.take(59_999)).isFalse();
        // the first mail leaves the window a minute after it was sent, freeing one place only
        assertThat(budget.take(60_000)).isTrue();
        assertThat(budget.take(60_001)).isFalse();
        assertThat(budget.take(70_000)).isTrue();
    }

    @Test
    void aRefusalTakesNothing() {
        MailBudget budget = new MailBudget(1);

        assertThat(budget.take(0)).isTrue();
        for (int i = 1; i < 100; i++) {
            assertThat(budget.take(i * 500L)).isFalse();
        }
        assertThat(budget.take(60_000)).isTrue();
    }

    @Test
    void aMailGivenBackFreesItsPlace() {
        MailBudget budget = new MailBudget(2);

        assertThat(budget.take(0)).isTrue();
        assertThat(budget.take(1_000)).isTrue();
        assertThat(budget.take(2_000)).isFalse();
        budget.giveBack(1_000);
        assertThat(budget.take(2_000)).isTrue();
        assertThat(budget.take(3_000)).isFalse();
    }
}
