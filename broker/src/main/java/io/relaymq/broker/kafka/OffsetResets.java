package io.relaymq.broker.kafka;

import java.util.TreeSet;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link ConsumerLoop} does with a partition of its group that has no valid committed offset (see
 * {@link KafkaClients#consumer}: a new group, a partition added to the topic, an offset that expired
 * or is out of range): it reads the partition from its earliest record, so what was produced there
 * before the group first committed is processed rather than skipped, and warns once per event so an
 * operator sees it (records may be processed again, or were lost to retention before anyone read them).
 */
final class OffsetResets {

    private static final Logger log = LoggerFactory.getLogger(OffsetResets.class);

    private OffsetResets() {}

    static void readFromEarliest(String loop, Consumer<byte[], byte[]> consumer, InvalidOffsetException e) {
        String group = consumer.groupMetadata().groupId();
        if (e instanceof OffsetOutOfRangeException range) {
            log.warn(
                    "{}: group {} has offsets out of range (records expired or the log was truncated) on {};"
                            + " reading them from their earliest record",
                    loop,
                    group,
                    range.offsetOutOfRangePartitions());
        } else {
            log.warn(
                    "{}: group {} has no committed offset on {}; reading them from their earliest record",
                    loop,
                    group,
                    new TreeSet<>(e.partitions().stream()
                            .map(TopicPartition::toString)
                            .toList()));
        }
        consumer.seekToBeginning(e.partitions());
    }
}
