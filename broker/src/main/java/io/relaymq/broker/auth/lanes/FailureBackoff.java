package io.relaymq.broker.auth.lanes;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Failed attempts counted per key (an address, a credentials id). From the {@code threshold}-th failure on,
 * the key is backed off: 1 s, doubling with every further failure, at most {@code max}. Failures are
 * forgotten once the key has had none for {@code max}. At most {@value #MAX_KEYS} keys are tracked (the
 * least recently failed go first), so a flood of new keys cannot exhaust memory. Thread-safe.
 */
public final class FailureBackoff {

    static final long MAX_KEYS = 100_000;
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final class State {
        int failures;
        long lastFailure;
        long backedOffUntil;
    }

    private final int threshold;
    private final long maxNanos;
    private final LongSupplier nanoTime;
    private final Cache<String, State> states;

    /** {@code threshold} 0 switches the back-off off. */
    public FailureBackoff(int threshold, Duration max, LongSupplier nanoTime) {
        this.threshold = threshold;
        this.maxNanos = max.toNanos();
        this.nanoTime = nanoTime;
        this.states = Caffeine.newBuilder().maximumSize(MAX_KEYS).build();
    }

    /** How long {@code key} is still backed off (zero when it may try). */
    public Duration remaining(String key) {
        if (threshold <= 0) {
            return Duration.ZERO;
        }
        State state = states.getIfPresent(key);
        if (state == null) {
            return Duration.ZERO;
        }
        synchronized (state) {
            return Duration.ofNanos(Math.max(0, state.backedOffUntil - nanoTime.getAsLong()));
        }
    }

    /** Whether {@code key} has failed within the last {@code max} (always false when switched off). */
    public boolean failedLately(String key) {
        State state = threshold <= 0 ? null : states.getIfPresent(key);
        if (state == null) {
            return false;
        }
        synchronized (state) {
            return state.failures > 0 && nanoTime.getAsLong() - state.lastFailure <= maxNanos;
        }
    }

    /** Counts a failure of {@code key}; the back-off it starts (zero while below the threshold). */
    public Duration failed(String key) {
        if (threshold <= 0) {
            return Duration.ZERO;
        }
        State state = states.get(key, k -> new State());
        long now = nanoTime.getAsLong();
        synchronized (state) {
            if (state.failures > 0 && now - state.lastFailure > maxNanos) {
                state.failures = 0;
            }
            state.failures++;
            state.lastFailure = now;
            if (state.failures < threshold) {
                return Duration.ZERO;
            }
            long backoff = backoffNanos(state.failures - threshold);
            state.backedOffUntil = now + backoff;
            return Duration.ofNanos(backoff);
        }
    }

    private long backoffNanos(int beyondThreshold) {
        if (beyondThreshold >= 40) {
            return maxNanos;
        }
        return Math.min(maxNanos, FIRST_BACKOFF_NANOS << beyondThreshold);
    }
}
