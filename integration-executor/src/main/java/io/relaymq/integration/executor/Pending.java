package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationMessage;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record read from the messages topic and not finished yet.
 *
 * @param record    as read
 * @param message   the decoded message; null when the record could not be read
 * @param readError why it could not be read; null when it could
 * @param progress  the assignment of its partition it was read in
 * @param readNanos when it was read ({@link System#nanoTime})
 */
record Pending(
        ConsumerRecord<byte[], byte[]> record,
        IntegrationMessage message,
        String readError,
        PartitionProgress progress,
        long readNanos) {}
