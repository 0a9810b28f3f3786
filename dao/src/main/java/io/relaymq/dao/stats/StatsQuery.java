package io.relaymq.dao.stats;

/**
 * What a read of the statistics covers: the keys of one node ({@code entityId}) or of the cluster total
 * ({@code entityId} null), between {@code startTs} inclusive and {@code endTs} exclusive (epoch milliseconds).
 * {@code clusterWideKeys} are the keys every node sees alike: the total takes their largest value instead of
 * the sum.
 */
public record StatsQuery(String entityId, String[] keys, String[] clusterWideKeys, long startTs, long endTs) {

    /** The entity id under which the hourly rollup keeps the cluster total (not a valid node id). */
    public static final String TOTAL_ENTITY = "*";

    public boolean isTotal() {
        return entityId == null;
    }
}
