package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PendingInFlightQueriesTest {

    private static final Duration LONG = Duration.ofMinutes(1);

    @Test
    void anAnswerCompletesItsRequestAndFreesItsPlace() throws Exception {
        PendingInFlightQueries pending = new PendingInFlightQueries(4, LONG);
        PendingInFlightQueries.Request request = pending.open().orElseThrow();
        assertThat(pending.outstanding()).isEqualTo(1);

        assertThat(pending.answer(request.id(), 3)).isTrue();

        assertThat(request.count().get(1, TimeUnit.SECONDS)).isEqualTo(3);
        assertThat(pending.outstanding()).isZero();
        assertThat(pending.answer(request.id(), 4)).as("a second answer").isFalse();
    }

    @Test
    void anAnswerForAnUnknownRequestIdIsIgnored() {
        PendingInFlightQueries pending = new PendingInFlightQueries(4, LONG);
        PendingInFlightQueries.Request request = pending.open().orElseThrow();

        assertThat(pending.answer("no-such-request", 5)).isFalse();

        assertThat(request.count()).isNotDone();
        assertThat(pending.outstanding()).isEqualTo(1);
    }

    @Test
    void aRequestWithoutAnAnswerCompletesWithNullAfterTheTimeout() throws Exception {
        PendingInFlightQueries pending = new PendingInFlightQueries(4, Duration.ofMillis(50));
        PendingInFlightQueries.Request request = pending.open().orElseThrow();

        assertThat(request.count().get(5, TimeUnit.SECONDS)).isNull();
        assertThat(pending.outstanding()).isZero();
        assertThat(pending.answer(request.id(), 1)).as("a late answer").isFalse();
    }

    @Test
    void noMoreThanTheCapAreOpenAtOnce() {
        PendingInFlightQueries pending = new PendingInFlightQueries(3, LONG);
        List<PendingInFlightQueries.Request> open = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            open.add(pending.open().orElseThrow());
        }

        Optional<PendingInFlightQueries.Request> over = pending.open();

        assertThat(over).isEmpty();
        assertThat(pending.outstanding()).isEqualTo(3);
        pending.answer(open.get(0).id(), 0);
        assertThat(pending.open()).as("a place freed by an answer").isPresent();
    }

    @Test
    void aCapBelowOneIsRefused() {
        assertThatThrownBy(() -> new PendingInFlightQueries(0, LONG)).isInstanceOf(IllegalArgumentException.class);
    }
}
