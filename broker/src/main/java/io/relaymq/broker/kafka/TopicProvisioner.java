package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Creates the broker's Kafka topics at start when they are missing, and reports what exists. */
@Component
public class TopicProvisioner {

    private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);

    private final Admin admin;
    private final KafkaProperties kafka;

    public TopicProvisioner(Admin admin, KafkaProperties kafka) {
        this.admin = admin;
        this.kafka = kafka;
    }

    /** Ensures {@code name} exists; an existing topic is kept as it is. Returns its partition count. */
    public int ensure(String name, int partitions, int replicationFactor, Duration retention) {
        long timeout = kafka.apiTimeout().toMillis();
        try {
            NewTopic topic = new NewTopic(name, partitions, (short) replicationFactor)
                    .configs(Map.of("retention.ms", Long.toString(retention.toMillis())));
            try {
                admin.createTopics(List.of(topic)).all().get(timeout, TimeUnit.MILLISECONDS);
                log.info("created Kafka topic {} ({} partitions, replication {})", name, partitions, replicationFactor);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            TopicDescription description = TopicDescriptions.describe(admin, name, timeout);
            return description.partitions().size();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create or describe Kafka topic " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating Kafka topic " + name, e);
        }
    }
}
