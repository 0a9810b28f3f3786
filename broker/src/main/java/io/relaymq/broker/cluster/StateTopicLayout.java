package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.MinInsyncReplicas;
import io.relaymq.broker.kafka.TopicDescriptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * State topics (retained messages, later sessions and subscriptions) are compacted and have exactly one
 * partition: every node reads all of one topic in order. A topic with more partitions or without
 * compaction would make nodes miss or lose state silently (seen with TBMQ), so the node refuses to
 * start and says what to fix.
 */
public final class StateTopicLayout {

    private static final Logger log = LoggerFactory.getLogger(StateTopicLayout.class);

    private final Admin admin;
    private final long timeoutMillis;
    private final int minInsyncReplicas;

    /** @param minInsyncReplicas the configured {@code min.insync.replicas}, see {@link MinInsyncReplicas} */
    public StateTopicLayout(Admin admin, long timeoutMillis, int minInsyncReplicas) {
        this.admin = admin;
        this.timeoutMillis = timeoutMillis;
        this.minInsyncReplicas = minInsyncReplicas;
    }

    /** Creates {@code topic} as a compacted single-partition topic if missing, then checks its layout. */
    public void ensure(String topic, int replicationFactor) {
        try {
            create(topic, replicationFactor);
            TopicDescription description = TopicDescriptions.describe(admin, topic, timeoutMillis);
            int partitions = description.partitions().size();
            Config config = TopicDescriptions.describeConfig(admin, topic, timeoutMillis);
            String policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
            check(topic, partitions, policy);
            warnOnLowMinInsync(
                    topic,
                    description.partitions().get(0).replicas().size(),
                    config.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG));
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot check Kafka state topic " + topic + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking " + topic, e);
        }
    }

    /** The layout rule itself. */
    static void check(String topic, int partitions, String cleanupPolicy) {
        if (partitions != 1) {
            throw new IllegalStateException("Kafka state topic " + topic + " has " + partitions
                    + " partitions but must have exactly 1, or nodes would each see only part of the state. "
                    + "Delete it (kafka-topics.sh --delete --topic " + topic + ") and let the node create it.");
        }
        if (cleanupPolicy == null || !List.of(cleanupPolicy.split(",")).contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            throw new IllegalStateException("Kafka state topic " + topic + " has cleanup.policy=" + cleanupPolicy
                    + " but must be compact, or state would expire. Fix it with kafka-configs.sh --alter --entity-type"
                    + " topics --entity-name " + topic + " --add-config cleanup.policy=compact");
        }
    }

    private void warnOnLowMinInsync(String topic, int replicas, ConfigEntry entry) {
        int wanted = MinInsyncReplicas.of(minInsyncReplicas, replicas);
        int actual = entry == null || entry.value() == null ? 1 : Integer.parseInt(entry.value());
        if (actual < wanted) {
            log.warn(
                    "Kafka state topic {} has min.insync.replicas={} but {} is wanted with {} replicas: losing a"
                            + " broker can lose acknowledged state. Fix with kafka-configs.sh --alter --entity-type topics"
                            + " --entity-name {} --add-config min.insync.replicas={}",
                    topic,
                    actual,
                    wanted,
                    replicas,
                    topic,
                    wanted);
        }
    }

    private void create(String topic, int replicationFactor)
            throws ExecutionException, TimeoutException, InterruptedException {
        NewTopic newTopic = new NewTopic(topic, 1, (short) replicationFactor)
                .configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG,
                        TopicConfig.CLEANUP_POLICY_COMPACT,
                        TopicConfig.MIN_COMPACTION_LAG_MS_CONFIG,
                        "0",
                        TopicConfig.SEGMENT_BYTES_CONFIG,
                        Integer.toString(25 * 1024 * 1024),
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        Integer.toString(MinInsyncReplicas.of(minInsyncReplicas, replicationFactor))));
        try {
            admin.createTopics(List.of(newTopic)).all().get(timeoutMillis, TimeUnit.MILLISECONDS);
            log.info("created Kafka state topic {} (compacted, 1 partition, replication {})", topic, replicationFactor);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
    }
}
