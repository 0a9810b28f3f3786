package io.relaymq.broker.persistence.application;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.persistence.application.*}: persistent APPLICATION sessions, each reading its own Kafka
 * topic ({@link AppTopicNames#forClient}).
 *
 * @param topicRetention      how long Kafka keeps a client's messages
 * @param replicationFactor   replication factor of the client topics
 * @param replayRate          most messages per second sent to one client (0: no limit), so a returning
 *                            application is not flooded by its backlog
 * @param maxPollRecords      most records one read of a client topic returns
 * @param maxBuffered         records read ahead of the client's window before reading pauses
 * @param consumerGroupPrefix prefix of the consumer group that keeps each client's committed offset
 * @param sharedPartitions    partitions of a shared subscription's topic when it is created by a subscription
 * @param deleteRemovedTopics delete the topic of an ended APPLICATION session
 * @param removedTopicGrace   ... after this long, unless the client has an APPLICATION session again
 * @param maxClients          APPLICATION clients one node holds (sessions, and ended ones whose topic awaits
 *                            removal); more get CONNACK "quota exceeded" (0: no limit)
 * @param maxSharedSubscriptions topic filters of APPLICATION shared subscriptions in the cluster (each a Kafka
 *                            topic and a registry row); a SUBSCRIBE to a new one beyond gets "quota exceeded"
 *                            (0: no limit)
 */
@Validated
@ConfigurationProperties("relaymq.persistence.application")
public record ApplicationPersistenceProperties(
        @NotNull Duration topicRetention,
        @Min(1) int replicationFactor,
        @Min(0) int replayRate,
        @Min(1) int maxPollRecords,
        @Min(1) int maxBuffered,
        @NotBlank String consumerGroupPrefix,
        @Min(1) int sharedPartitions,
        boolean deleteRemovedTopics,
        @NotNull Duration removedTopicGrace,
        @Min(0) int maxClients,
        @Min(0) int maxSharedSubscriptions) {}
