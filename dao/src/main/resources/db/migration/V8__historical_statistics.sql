-- RelayMQ schema, version 8: historical statistics of the broker nodes for the web console.
--
-- stats_minute: one row per node (entity_id = node id), statistics key and interval start (ts, epoch
-- milliseconds, UTC, a multiple of the sampling interval). Counters (messages, bytes) hold what happened
-- in that interval; gauges (connections, sessions, subscriptions, retained messages, Kafka lag) the value
-- at its end. Every node writes its own rows; old rows are deleted after the raw retention.
CREATE TABLE stats_minute (
    entity_id VARCHAR(100) NOT NULL,
    key       VARCHAR(64)  NOT NULL,
    ts        BIGINT       NOT NULL,
    value     BIGINT       NOT NULL,
    PRIMARY KEY (entity_id, key, ts)
);
-- the cluster total of a key over a time range; the retention delete
CREATE INDEX idx_stats_minute_key_ts ON stats_minute (key, ts);
CREATE INDEX idx_stats_minute_ts ON stats_minute (ts);

-- stats_hour: the rows of stats_minute rolled up per hour (ts = start of the hour). value_sum is the sum
-- of the hour's points (a counter's count for the hour), value_count how many points there were (so
-- value_sum / value_count is a gauge's average), value_min and value_max the smallest and largest point.
-- Rows with entity_id '*' hold the cluster total: per point in time the nodes' values are summed (the
-- cluster-wide gauges retainedMsgs and kafkaLag, which every node sees alike, take the largest instead),
-- then rolled up the same way.
CREATE TABLE stats_hour (
    entity_id   VARCHAR(100) NOT NULL,
    key         VARCHAR(64)  NOT NULL,
    ts          BIGINT       NOT NULL,
    value_sum   BIGINT       NOT NULL,
    value_count INT          NOT NULL,
    value_min   BIGINT       NOT NULL,
    value_max   BIGINT       NOT NULL,
    PRIMARY KEY (entity_id, key, ts)
);
CREATE INDEX idx_stats_hour_ts ON stats_hour (ts);
