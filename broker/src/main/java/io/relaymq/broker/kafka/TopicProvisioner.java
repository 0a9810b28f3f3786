package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
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

    /**
     * Ensures {@code name} exists; an existing topic is kept as it is. Returns its partition count. A node that
     * starts against topics made before asks Kafka once per topic (its description and, the first time, its
     * configuration, together); only a missing topic is created.
     */
    public int ensure(String name, int partitions, int replicationFactor, Duration retention) {
        long timeout = kafka.apiTimeout().toMillis();
        try {
            boolean first = !checked.contains(name);
            Optional<Existing> existing = existing(name, first, timeout);
            if (existing.isPresent()) {
                if (checked.add(name)) {
                    warnOnLowMinInsync(
                            existing.get().description(), existing.get().minInsync());
                }
                return existing.get().description().partitions().size();
            }
            boolean madeMeanwhile = !create(name, partitions, replicationFactor, retention, timeout);
            TopicDescription description = TopicDescriptions.describe(admin, name, timeout);
            if (checked.add(name) && madeMeanwhile) {
                // another node created it between the describe and the create: its settings are its own
                warnOnLowMinInsync(description, minInsync(TopicDescriptions.describeConfig(admin, name, timeout)));
            }
            return description.partitions().size();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create or describe Kafka topic " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating Kafka topic " + name, e);
        }
    }

    /** A topic found, with its {@code min.insync.replicas} when it was asked for (0 when not). */
    private record Existing(TopicDescription description, int minInsync) {}

    /** The topic's description (and its min.insync.replicas, asked at the same time), or empty when it is missing. */
    private Optional<Existing> existing(String name, boolean withConfig, long timeout)
            throws ExecutionException, TimeoutException, InterruptedException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, name);
        KafkaFuture<Map<String, TopicDescription>> described =
                admin.describeTopics(List.of(name)).allTopicNames();
        KafkaFuture<Map<ConfigResource, Config>> configured =
                withConfig ? admin.describeConfigs(List.of(resource)).all() : null;
        TopicDescription description;
        try {
            description = described.get(timeout, TimeUnit.MILLISECONDS).get(name);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return Optional.empty();
            }
            throw e;
        }
        if (configured == null) {
            return Optional.of(new Existing(description, 0));
        }
        Config config;
        try {
            config = configured.get(timeout, TimeUnit.MILLISECONDS).get(resource);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw e;
            }
            // just created by another node: this broker has its description, another not its configuration yet
            config = TopicDescriptions.describeConfig(admin, name, timeout);
        }
        return Optional.of(new Existing(description, minInsync(config)));
    }

    private static int minInsync(Config config) {
        ConfigEntry entry = config.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
        return entry == null || entry.value() == null ? 1 : Integer.parseInt(entry.value());
    }

    /** True when this call created the topic, false when another node had created it meanwhile. */
    private boolean create(String name, int partitions, int replicationFactor, Duration retention, long timeout)
            throws ExecutionException, TimeoutException, InterruptedException {
        int minInsync = MinInsyncReplicas.of(kafka.minInsyncReplicas(), replicationFactor);
        NewTopic topic = new NewTopic(name, partitions, (short) replicationFactor)
                .configs(Map.of(
                        TopicConfig.RETENTION_MS_CONFIG,
                        Long.toString(retention.toMillis()),
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        Integer.toString(minInsync)));
        try {
            admin.createTopics(List.of(topic)).all().get(timeout, TimeUnit.MILLISECONDS);
            log.info(
                    "created Kafka topic {} ({} partitions, replication {}, min.insync.replicas {})",
                    name,
                    partitions,
                    replicationFactor,
                    minInsync);
            return true;
        } catch (ExecutionException e) {
            // another node created it meanwhile: kept as it is
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
            return false;
        }
    }

    /** Warns when an existing topic acknowledges writes with fewer in-sync replicas than wanted. */
    private void warnOnLowMinInsync(TopicDescription description, int actual) {
        String name = description.name();
        int replicas = description.partitions().get(0).replicas().size();
        int wanted = MinInsyncReplicas.of(kafka.minInsyncReplicas(), replicas);
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
