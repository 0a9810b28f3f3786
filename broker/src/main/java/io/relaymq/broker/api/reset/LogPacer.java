package io.relaymq.broker.api.reset;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Lets a recurring log line through once per interval, so a caller repeating a refused request cannot
 * flood the log; the lines held back in between go to DEBUG.
 */
final class LogPacer {

    private final long intervalMillis;
    private final AtomicLong nextAt = new AtomicLong(Long.MIN_VALUE);

    LogPacer(long intervalMillis) {
        this.intervalMillis = intervalMillis;
    }

    /** True for the first call at or after the end of the last interval, which starts a new one. */
    boolean due(long now) {
        long next = nextAt.get();
        return now >= next && nextAt.compareAndSet(next, now + intervalMillis);
    }
}
