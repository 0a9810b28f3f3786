package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Creates the broker's Kafka topics at start when they are missing, with their retention and
 * {@code min.insync.replicas} (see {@link MinInsyncReplicas}), and reports what exists. An existing topic is
 * kept as it is; one whose {@code min.insync.replicas} is lower than wanted is warned about once per node.
 */
@Component
public class TopicProvisioner {

    private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);

    private final Admin admin;
    private final KafkaProperties kafka;
    private final Set<String> checked = ConcurrentHashMap.newKeySet();

    public TopicProvisioner(Admin admin, KafkaProperties kafka) {
        this.admin = admin;
        this.kafka = kafka;
    }

    /** Ensures {@code name} exists; an existing topic is kept as it is. Returns its partition count. */
    public int ensure(String name, int partitions, int replicationFactor, Duration retention) {
        long timeout = kafka.apiTimeout().toMillis();
        int minInsync = MinInsyncReplicas.of(kafka.minInsyncReplicas(), replicationFactor);
        try {
            NewTopic topic = new NewTopic(name, partitions, (short) replicationFactor)
                    .configs(Map.of(
                            TopicConfig.RETENTION_MS_CONFIG,
                            Long.toString(retention.toMillis()),
                            TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                            Integer.toString(minInsync)));
            boolean existed = false;
            try {
                admin.createTopics(List.of(topic)).all().get(timeout, TimeUnit.MILLISECONDS);
                log.info(
                        "created Kafka topic {} ({} partitions, replication {}, min.insync.replicas {})",
                        name,
                        partitions,
                        replicationFactor,
                        minInsync);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
                existed = true;
            }
            TopicDescription description = TopicDescriptions.describe(admin, name, timeout);
            if (existed && checked.add(name)) {
                checkMinInsync(description, timeout);
            }
            return description.partitions().size();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create or describe Kafka topic " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating Kafka topic " + name, e);
        }
    }

    /** Warns when an existing topic acknowledges writes with fewer in-sync replicas than wanted. */
    private void checkMinInsync(TopicDescription description, long timeout)
            throws ExecutionException, TimeoutException, InterruptedException {
        String name = description.name();
        int replicas = description.partitions().get(0).replicas().size();
        int wanted = MinInsyncReplicas.of(kafka.minInsyncReplicas(), replicas);
        ConfigEntry entry =
                TopicDescriptions.describeConfig(admin, name, timeout).get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
        int actual = entry == null || entry.value() == null ? 1 : Integer.parseInt(entry.value());
        if (actual < wanted) {
            log.warn(
                    "Kafka topic {} has min.insync.replicas={} but {} is wanted with {} replicas: a write is"
                            + " acknowledged before enough replicas have it, and losing a broker can lose it. Fix with"
                            + " kafka-configs.sh --alter --entity-type topics --entity-name {} --add-config"
                            + " min.insync.replicas={}",
                    name,
                    actual,
                    wanted,
                    replicas,
                    name,
                    wanted);
        }
    }
}
