package io.relaymq.broker.kafka;

/**
 * How many replicas must have a record before a producer with {@code acks=all} gets its acknowledgement
 * ({@code min.insync.replicas}), for a topic the broker creates. Without it Kafka's default (1) lets a
 * leader acknowledge alone, and losing that broker loses the acknowledged record.
 * <ul>
 *   <li>0 (the default): replication factor − 1 from 3 replicas on (2 of 3: one broker may be down, no
 *       acknowledged record lives on one broker only), else 1 (a topic with 1 or 2 replicas would stop
 *       taking writes whenever one broker is down).</li>
 *   <li>N &gt; 0: N, but never more than the topic's replication factor (more could never be met).</li>
 * </ul>
 */
public final class MinInsyncReplicas {

    private MinInsyncReplicas() {}

    /** The {@code min.insync.replicas} wanted for a topic with {@code replicationFactor} replicas. */
    public static int of(int configured, int replicationFactor) {
        if (configured > 0) {
            return Math.min(configured, replicationFactor);
        }
        return replicationFactor >= 3 ? replicationFactor - 1 : 1;
    }
}
