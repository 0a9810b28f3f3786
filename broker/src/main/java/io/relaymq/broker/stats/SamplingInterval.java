package io.relaymq.broker.stats;

/** A sampling interval in milliseconds that divides an hour, with the times aligned to it (UTC). */
record SamplingInterval(long millis) {

    SamplingInterval {
        if (millis <= 0 || 3_600_000L % millis != 0) {
            throw new IllegalArgumentException("an interval must divide an hour evenly: " + millis + " ms");
        }
    }

    /** The start of the interval {@code now} falls in. */
    long startOf(long now) {
        return Math.floorDiv(now, millis) * millis;
    }

    /** The first interval start after {@code now}. */
    long nextAfter(long now) {
        return startOf(now) + millis;
    }
}
