package io.relaymq.broker.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Test
    void aFullBucketAllowsOneSecondsWorthThenRefillsAtTheRate() {
        TokenBucket bucket = new TokenBucket(10, now::get);
        for (int i = 0; i < 10; i++) {
            assertThat(bucket.tryTake()).isTrue();
        }
        assertThat(bucket.tryTake()).isFalse();
        assertThat(bucket.nanosUntilNext()).isEqualTo(100_000_000L);

        now.addAndGet(100_000_000L);
        assertThat(bucket.tryTake()).isTrue();
        assertThat(bucket.tryTake()).isFalse();
    }

    @Test
    void tokensNeverPileUpBeyondTheBurst() {
        TokenBucket bucket = new TokenBucket(5, now::get);
        now.addAndGet(60_000_000_000L);

        int taken = 0;
        while (bucket.tryTake()) {
            taken++;
        }
        assertThat(taken).isEqualTo(5);
    }

    @Test
    void aRateMustBePositive() {
        assertThatThrownBy(() -> new TokenBucket(0, now::get)).isInstanceOf(IllegalArgumentException.class);
    }
}
