package io.relaymq.broker.limits;

import java.util.function.LongSupplier;

/**
 * A rate limit: {@code ratePerSecond} tokens refill continuously up to a burst of one second's worth.
 * Not thread-safe; each caller owns its bucket or synchronises.
 */
public final class TokenBucket {

    private final double ratePerNano;
    private final double capacity;
    private final LongSupplier nanoTime;
    private double tokens;
    private long refilledAt;

    public TokenBucket(int ratePerSecond, LongSupplier nanoTime) {
        if (ratePerSecond <= 0) {
            throw new IllegalArgumentException("a token bucket needs a positive rate: " + ratePerSecond);
        }
        this.ratePerNano = ratePerSecond / 1e9;
        this.capacity = ratePerSecond;
        this.nanoTime = nanoTime;
        this.tokens = capacity;
        this.refilledAt = nanoTime.getAsLong();
    }

    /** Takes one token if there is one. */
    public boolean tryTake() {
        refill();
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }

    /** Nanoseconds until the next token is there (0 when one is). */
    public long nanosUntilNext() {
        refill();
        return tokens >= 1 ? 0 : (long) Math.ceil((1 - tokens) / ratePerNano);
    }

    private void refill() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(capacity, tokens + (now - refilledAt) * ratePerNano);
        refilledAt = now;
    }
}
