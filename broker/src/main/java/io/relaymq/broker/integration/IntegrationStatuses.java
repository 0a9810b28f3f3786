package io.relaymq.broker.integration;

import io.relaymq.broker.cluster.ReplicatedState;
import io.relaymq.broker.cluster.StateTopicReplica;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationStatusRecords;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the executors report about each integration, read from the compacted topic
 * {@code relaymq.integration.status}. Executors write every status again at least every
 * {@link IntegrationStatus#RESTATED_EVERY} and withdraw theirs when they stop; a status that stopped moving for
 * {@link #GONE_AFTER} belongs to an executor that ended without a goodbye (a crash) and is no longer shown, and
 * one older than {@link #FORGOTTEN_AFTER} is removed from the topic.
 */
public final class IntegrationStatuses extends ReplicatedState {

    /** Ten restatements missed. */
    static final Duration GONE_AFTER = IntegrationStatus.RESTATED_EVERY.multipliedBy(10);

    static final Duration FORGOTTEN_AFTER = Duration.ofDays(1);

    private static final Logger log = LoggerFactory.getLogger(IntegrationStatuses.class);

    private final Map<String, IntegrationStatus> statuses = new ConcurrentHashMap<>();
    private final IntegrationStatusRecords records;
    private final Clock clock;

    public IntegrationStatuses(
            IntegrationProperties settings,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes,
            IntegrationStatusRecords records,
            Clock clock) {
        super(node.dependencyTimeout(), 50);
        this.records = records;
        this.clock = clock;
        use(new StateTopicReplica(settings.statusTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    /** The statuses of live executors about {@code id}, by executor id. */
    public List<IntegrationStatus> of(UUID id) {
        long now = clock.millis();
        return statuses.values().stream()
                .filter(s -> s.integrationId().equals(id) && now - s.updatedAt() < GONE_AFTER.toMillis())
                .sorted(Comparator.comparing(IntegrationStatus::executorId))
                .toList();
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String key = new String(record.key(), StandardCharsets.UTF_8);
        if (record.value() == null) {
            statuses.remove(key);
            return;
        }
        try {
            IntegrationStatusRecords.integrationId(record.key());
            IntegrationStatus status = records.value(record.value());
            if (clock.millis() - status.updatedAt() > FORGOTTEN_AFTER.toMillis()) {
                statuses.remove(key);
                replica().write(key, null);
                return;
            }
            statuses.put(key, status);
        } catch (RuntimeException e) {
            log.warn("ignoring an unreadable integration status record: {}", e.getMessage());
        }
    }
}
