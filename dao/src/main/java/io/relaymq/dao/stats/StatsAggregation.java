package io.relaymq.dao.stats;

/** How the points that fall into one bucket become its value; NONE returns the points themselves. */
public enum StatsAggregation {
    SUM,
    AVG,
    MIN,
    MAX,
    NONE
}
