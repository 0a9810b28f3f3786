package io.relaymq.broker.kafka;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Kafka connection settings ({@code relaymq.kafka.*}).
 *
 * @param bootstrapServers comma-separated host:port list
 * @param apiTimeout       bound of one admin call (health check, topic checks)
 * @param clientConfig     extra client properties for every producer, consumer and admin client
 *                         (SASL, TLS, …), e.g. {@code security.protocol: SSL}
 * @param minInsyncReplicas {@code min.insync.replicas} of the topics the broker creates (see
 *                         {@link MinInsyncReplicas}); 0 = replication factor − 1 from 3 replicas on, else 1
 * @param msgAll           the topic every inbound PUBLISH is produced to
 * @param state            the compacted state topics
 * @param downlink         the per-node delivery topics
 * @param sessionEvents    the session-ownership protocol topics
 * @param dataFetch        how consumers on the message path (msg.all, persisted, downlinks, APPLICATION
 *                         topics) batch their fetches; control-path consumers always fetch at once
 * @param deadLetter       where records that a consumer cannot process are parked, and after how many tries
 */
@Validated
@ConfigurationProperties("relaymq.kafka")
public record KafkaProperties(
        @NotBlank String bootstrapServers,
        @NotNull Duration apiTimeout,
        Map<String, String> clientConfig,
        @Min(0) @Max(32767) int minInsyncReplicas,
        @Valid @NotNull MsgAll msgAll,
        @Valid @NotNull State state,
        @Valid @NotNull Downlink downlink,
        @Valid @NotNull SessionEvents sessionEvents,
        @Valid @NotNull DataFetch dataFetch,
        @Valid @NotNull DeadLetter deadLetter) {

    public KafkaProperties {
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
    }

    /**
     * The compacted, single-partition topics that every node reads in full.
     *
     * @param replicationFactor replication of the state topics (3 in production)
     * @param retainedTopic     retained messages, key = MQTT topic
     * @param subscriptionsTopic subscriptions of every client, key = client id
     * @param sessionsTopic     owner node, connection state and expiry of every session, key = client id
     * @param writeRetryBackoff pause before an update Kafka did not acknowledge is sent again (doubles)
     * @param writeRetryMaxBackoff the longest such pause
     * @param writeFlushTimeout how long a stopping node waits for unacknowledged updates
     */
    public record State(
            @Min(1) @Max(32767) int replicationFactor,
            @NotBlank String retainedTopic,
            @NotBlank String subscriptionsTopic,
            @NotBlank String sessionsTopic,
            @NotNull Duration writeRetryBackoff,
            @NotNull Duration writeRetryMaxBackoff,
            @NotNull Duration writeFlushTimeout) {}

    /**
     * The per-node topics through which other nodes hand over messages for this node's clients.
     *
     * @param topicPrefix       the node id is appended
     * @param disconnectTopicPrefix per-node topic of "your session moved" commands (node id appended)
     */
    public record Downlink(
            @NotBlank String topicPrefix,
            @NotBlank String disconnectTopicPrefix,
            @Min(1) int partitions,
            @Min(1) @Max(32767) int replicationFactor,
            @NotNull Duration retention,
            @Pattern(regexp = "0|1|all|-1") String acks) {}

    /**
     * The session-ownership protocol: requests keyed by client id, answered on the requester's topic.
     *
     * @param requestTopic         where CONNECTs ask to own a session
     * @param responseTopicPrefix  per-node answer topic (node id appended)
     * @param partitions           partitions of the request topic (how many nodes can decide in parallel)
     * @param replicationFactor    replication of both topics
     * @param retention            how long Kafka keeps requests and answers
     */
    public record SessionEvents(
            @NotBlank String requestTopic,
            @NotBlank String responseTopicPrefix,
            @Min(1) int partitions,
            @Min(1) @Max(32767) int replicationFactor,
            @NotNull Duration retention) {}

    /** The topic every inbound PUBLISH goes through, and its producer and consumers. */
    public record MsgAll(
            @NotBlank String topic,
            @Min(1) int partitions,
            @Min(1) @Max(32767) int replicationFactor,
            @NotNull Duration retention,
            @Pattern(regexp = "0|1|all|-1") String acks,
            @NotNull Duration linger,
            @Min(0) int batchSize,
            @NotBlank String consumerGroup,
            @Min(1) int consumers,
            @Min(1) int maxPollRecords) {}

    /**
     * Fetch batching of the message-path consumers. A fetch returns once {@code minBytes} are ready or
     * {@code maxWait} has passed: longer waits mean fewer, fuller fetches (less Kafka and broker CPU per
     * message) and at most that much extra latency per hop at low load.
     *
     * @param maxWait        longest a fetch waits for {@code minBytes}
     * @param minBytes       bytes a fetch waits for
     * @param commitInterval the group consumers of msg.all, the persisted topic and the downlinks commit what
     *                       they finished at most this often (and before their partitions move, and when they
     *                       stop); 0 commits after every batch. Longer: fewer commit requests, and up to this
     *                       much more read again (as duplicates) after a node crashes
     */
    public record DataFetch(
            @NotNull Duration maxWait,
            @Min(1) int minBytes,
            @NotNull Duration commitInterval) {

        public DataFetch {
            if (commitInterval != null
                    && (commitInterval.isNegative() || commitInterval.compareTo(MAX_COMMIT_INTERVAL) > 0)) {
                throw new IllegalArgumentException(
                        "relaymq.kafka.data-fetch.commit-interval must be between 0 and 5s, was " + commitInterval);
            }
        }

        /** Longer would let a crash repeat more than a few seconds of traffic. */
        static final Duration MAX_COMMIT_INTERVAL = Duration.ofSeconds(5);
    }

    /**
     * Records a consumer failed to process: tried {@code maxAttempts} times, then parked on {@code topic}
     * with the reason, so the consumer goes on. A batch that cannot be finished (a store is down) is read
     * again after {@code retryPause}; a consumer that fails is started again after it (doubling up to 30 s).
     */
    public record DeadLetter(
            @NotBlank String topic,
            @Min(1) int partitions,
            @Min(1) @Max(32767) int replicationFactor,
            @NotNull Duration retention,
            @Min(1) @Max(100) int maxAttempts,
            @NotNull Duration retryPause) {}
}
