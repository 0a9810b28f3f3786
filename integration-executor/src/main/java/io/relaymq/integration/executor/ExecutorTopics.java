package io.relaymq.integration.executor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the executor's four topics when they are missing: definitions and status compacted with one
 * partition, messages and dead letters with the configured partitions and retention. An existing topic is
 * kept as it is. {@code min.insync.replicas} is replication − 1 from three replicas on, else 1.
 */
public final class ExecutorTopics {

    private static final Logger log = LoggerFactory.getLogger(ExecutorTopics.class);

    private final Admin admin;
    private final IntegrationExecutorProperties properties;

    public ExecutorTopics(Admin admin, IntegrationExecutorProperties properties) {
        this.admin = admin;
        this.properties = properties;
    }

    public void ensureAll() {
        var topics = properties.topics();
        String retention = Long.toString(properties.messagesRetention().toMillis());
        List<NewTopic> wanted = new ArrayList<>();
        wanted.add(topic(topics.definitions(), 1, Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, "compact")));
        wanted.add(topic(topics.status(), 1, Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, "compact")));
        wanted.add(
                topic(topics.messages(), properties.partitions(), Map.of(TopicConfig.RETENTION_MS_CONFIG, retention)));
        wanted.add(topic(
                topics.deadLetters(), properties.partitions(), Map.of(TopicConfig.RETENTION_MS_CONFIG, retention)));
        for (NewTopic topic : wanted) {
            ensure(topic);
        }
    }

    private NewTopic topic(String name, int partitions, Map<String, String> configs) {
        int replication = properties.replicationFactor();
        Map<String, String> all = new HashMap<>(configs);
        all.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(replication >= 3 ? replication - 1 : 1));
        return new NewTopic(name, partitions, (short) replication).configs(all);
    }

    private void ensure(NewTopic topic) {
        try {
            admin.createTopics(List.of(topic)).all().get(properties.apiTimeout().toMillis(), TimeUnit.MILLISECONDS);
            log.info(
                    "created Kafka topic {} ({} partitions, replication {}, {})",
                    topic.name(),
                    topic.numPartitions(),
                    topic.replicationFactor(),
                    topic.configs());
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create Kafka topic " + topic.name() + ": " + e.getCause(), e);
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out creating Kafka topic " + topic.name(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating Kafka topic " + topic.name(), e);
        }
    }
}
