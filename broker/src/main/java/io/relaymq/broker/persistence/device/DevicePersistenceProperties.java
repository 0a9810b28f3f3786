package io.relaymq.broker.persistence.device;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Persistent DEVICE sessions ({@code relaymq.persistence.device.*}): their QoS 1/2 messages pass
 * through {@code relaymq.msg.persisted} into Redis Cluster and reach the client from there.
 *
 * @param persistedMessagesLimit most messages kept per client; the oldest beyond it are dropped. Packet
 *                               ids must stay unique among them, so at most 65535
 * @param messageTtl             how long Redis keeps a message without its own expiry interval
 * @param replayPageSize         messages read from Redis per call while a client catches up
 * @param maxPending             messages per connected client held in memory beyond its in-flight
 *                               window; more are read from Redis again when it drains
 * @param tailCheckDelay         after a connect, when the node reads Redis once more for messages saved
 *                               while the cluster still thought the client was elsewhere
 * @param saveTimeout            how long the consumer waits for Redis before it reads the batch again
 * @param kafka                  the topics of the pipeline
 * @param redis                  how script calls are batched on the Redis connection
 */
@Validated
@ConfigurationProperties("relaymq.persistence.device")
public record DevicePersistenceProperties(
        @Min(1) @Max(65535) int persistedMessagesLimit,
        @NotNull Duration messageTtl,
        @Min(1) @Max(65535) int replayPageSize,
        @Min(1) int maxPending,
        @NotNull Duration tailCheckDelay,
        @NotNull Duration saveTimeout,
        @Valid @NotNull Kafka kafka,
        @Valid @NotNull Redis redis) {

    /**
     * @param topic             messages for persistent DEVICE subscribers (key = subscriber client id)
     * @param partitions        its partitions: how many consumers the cluster can share it among
     * @param replicationFactor its replication (3 in production)
     * @param retention         how long Kafka keeps its records
     * @param acks              producer acks; "all" so a saved message is on every in-sync replica
     * @param consumerGroup     the group of all nodes' consumers
     * @param consumers         consumer threads per node
     * @param maxPollRecords    most records one poll (one Redis batch) takes
     * @param downlinkTopicPrefix per-node topic of saved messages for the node's clients (+ node id)
     */
    public record Kafka(
            @NotBlank String topic,
            @Min(1) int partitions,
            @Min(1) @Max(32767) int replicationFactor,
            @NotNull Duration retention,
            @Pattern(regexp = "0|1|all|-1") String acks,
            @NotBlank String consumerGroup,
            @Min(1) int consumers,
            @Min(1) int maxPollRecords,
            @NotBlank String downlinkTopicPrefix) {}

    /**
     * @param batchMaxCommands commands written to Redis together (1 = each at once)
     * @param batchMaxDelay    longest a command waits for its batch to fill
     */
    public record Redis(
            @Min(1) int batchMaxCommands, @NotNull Duration batchMaxDelay) {}
}
