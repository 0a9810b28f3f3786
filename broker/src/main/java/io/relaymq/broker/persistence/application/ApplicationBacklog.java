package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.KafkaProperties;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.springframework.stereotype.Component;

/**
 * How many messages wait in a persistent APPLICATION client's topic: its end offset minus the offset its
 * consumer group committed (the topic's first offset when the group committed none). Every admin call is
 * bounded by the Kafka {@code api-timeout}.
 */
@Component
public class ApplicationBacklog {

    private final Admin admin;
    private final String groupPrefix;
    private final Duration timeout;

    public ApplicationBacklog(Admin admin, ApplicationPersistenceProperties settings, KafkaProperties kafka) {
        this.admin = admin;
        this.groupPrefix = settings.consumerGroupPrefix();
        this.timeout = kafka.apiTimeout();
    }

    /** Messages not yet acknowledged in the client's topic; 0 when it has no topic yet. */
    public long waiting(String clientId) throws InterruptedException, ExecutionException, TimeoutException {
        TopicPartition partition = new TopicPartition(AppTopicNames.forClient(clientId), 0);
        long end;
        try {
            end = offset(partition, OffsetSpec.latest());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return 0;
            }
            throw e;
        }
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(
                        AppTopicNames.clientGroup(groupPrefix, clientId))
                .partitionsToOffsetAndMetadata()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        OffsetAndMetadata mark = committed.get(partition);
        long from = mark != null ? mark.offset() : offset(partition, OffsetSpec.earliest());
        return Math.max(0, end - from);
    }

    private long offset(TopicPartition partition, OffsetSpec spec)
            throws InterruptedException, ExecutionException, TimeoutException {
        ListOffsetsResult result = admin.listOffsets(
                Map.of(partition, spec), new ListOffsetsOptions().timeoutMs((int) timeout.toMillis()));
        return result.partitionResult(partition)
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .offset();
    }
}
