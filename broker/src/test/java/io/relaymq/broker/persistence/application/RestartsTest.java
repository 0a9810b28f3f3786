package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.errors.InterruptException;
import org.junit.jupiter.api.Test;

/** The restart policy of the APPLICATION topic readers: again after a failure, never after a stop or interrupt. */
class RestartsTest {

    private final Restarts restarts = new Restarts("[test] reading");
    private final AtomicInteger runs = new AtomicInteger();

    @Test
    void aBodyThatFailsRunsAgainUntilItReturns() {
        restarts.run(() -> true, () -> {
            if (runs.incrementAndGet() < 3) {
                throw new IllegalStateException("injected failure " + runs.get());
            }
        });

        assertThat(runs).hasValue(3);
        assertThat(restarts.count()).isEqualTo(2);
    }

    @Test
    void aStoppedReaderDoesNotRunAgain() {
        AtomicBoolean running = new AtomicBoolean(true);
        restarts.run(running::get, () -> {
            runs.incrementAndGet();
            running.set(false);
            throw new IllegalStateException("failed while stopping");
        });

        assertThat(runs).hasValue(1);
        assertThat(restarts.count()).isZero();
    }

    @Test
    void anInterruptEndsTheReaderInsteadOfSpinning() {
        restarts.run(() -> true, () -> {
            runs.incrementAndGet();
            throw new InterruptException(new InterruptedException("executor shut down"));
        });

        assertThat(runs).hasValue(1);
        assertThat(Thread.interrupted())
                .as("the interrupt is kept (and cleared here)")
                .isTrue();
    }

    @Test
    void anInterruptedThreadThatFailsOtherwiseEndsToo() {
        restarts.run(() -> true, () -> {
            runs.incrementAndGet();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("failed with the interrupt flag set");
        });

        assertThat(runs).hasValue(1);
        assertThat(Thread.interrupted()).isTrue();
    }
}
