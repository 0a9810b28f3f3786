package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void doublesUpToTheMaximumAndStartsOverAfterReset() {
        Backoff b = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));

        assertThat(b.next()).isEqualTo(Duration.ofSeconds(1));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(2));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(4));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(8));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(16));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(30));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(30));
        b.reset();
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aStopEndsThePause() {
        Backoff b = new Backoff(Duration.ofHours(1), Duration.ofHours(1));
        CountDownLatch stop = new CountDownLatch(1);
        stop.countDown();

        assertThat(b.pause(stop)).isFalse();
    }
}
