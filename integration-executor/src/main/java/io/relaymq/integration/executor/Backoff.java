package io.relaymq.integration.executor;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The wait of a poll loop after an unexpected failure: {@code first}, doubling on each failure in a row up to
 * {@code max}, back to {@code first} after {@link #reset}. {@link #pause} waits on a latch, so a stop ends it.
 */
final class Backoff {

    static final Duration FIRST = Duration.ofSeconds(1);
    static final Duration MAX = Duration.ofSeconds(30);

    private final Duration first;
    private final Duration max;
    private Duration next;

    Backoff(Duration first, Duration max) {
        this.first = first;
        this.max = max;
        this.next = first;
    }

    /** The wait after one more failure in a row. */
    Duration next() {
        Duration d = next;
        Duration doubled = next.multipliedBy(2);
        next = doubled.compareTo(max) > 0 ? max : doubled;
        return d;
    }

    /** The loop worked again: the next failure waits {@code first}. */
    void reset() {
        next = first;
    }

    /** Waits {@link #next()} or until {@code stop} is counted down; false when stopped (or interrupted). */
    boolean pause(CountDownLatch stop) {
        try {
            return !stop.await(next().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
