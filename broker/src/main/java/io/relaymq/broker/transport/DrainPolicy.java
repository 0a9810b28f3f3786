package io.relaymq.broker.transport;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * How a stopping node lets its clients go (rolling upgrades): listeners close first, then connections are
 * told to leave at {@code ratePerSecond} (0: all at once), so the other nodes are not hit by every
 * reconnect in the same instant; the node waits up to {@code timeout} for them to close.
 *
 * @param othersAlive whether other nodes are up: 5.0 clients then get "use another server" (0x9C), else
 *                    "server shutting down" (0x8B)
 */
public record DrainPolicy(BooleanSupplier othersAlive, int ratePerSecond, Duration timeout) {

    public static final DrainPolicy IMMEDIATE = new DrainPolicy(() -> false, 0, Duration.ofSeconds(5));

    public DrainPolicy {
        if (ratePerSecond < 0) {
            throw new IllegalArgumentException("drain rate cannot be negative");
        }
    }

    /** How many connections to release per 100 ms tick. */
    int perTick(int open) {
        return ratePerSecond == 0 ? Math.max(1, open) : Math.max(1, ratePerSecond / 10);
    }
}
