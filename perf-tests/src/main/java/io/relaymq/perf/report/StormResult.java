package io.relaymq.perf.report;

import io.relaymq.perf.traffic.LatencyStats;

/**
 * What the storm clients of a storm run saw.
 *
 * @param clients          storm clients that were to connect
 * @param subscribed       those that got their SUBACK
 * @param failed           those whose connection or subscription failed
 * @param secondsToAll     from the first connection attempt to the last SUBACK; NaN unless all subscribed
 * @param connectToSubAck  per client, from when the ramp wanted its connection to start to its SUBACK
 * @param startSecond      the run's second at which the storm began (the end of the warm-up)
 */
public record StormResult(
        int clients, int subscribed, int failed, double secondsToAll, LatencyStats connectToSubAck, int startSecond) {

    /** Clients neither subscribed nor failed when the run stopped waiting for them. */
    public int unfinished() {
        return clients - subscribed - failed;
    }
}
