package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationStatusRecords;
import java.util.UUID;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the statuses that changed to the compacted status topic, and a tombstone for every integration that
 * was removed. Called every status interval; a failed write is logged and the next change is written again.
 */
final class StatusPublisher implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(StatusPublisher.class);

    private final StatusBoard board;
    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final String executorId;
    private final IntegrationStatusRecords records;

    StatusPublisher(
            StatusBoard board,
            Producer<byte[], byte[]> producer,
            String topic,
            String executorId,
            IntegrationStatusRecords records) {
        this.board = board;
        this.producer = producer;
        this.topic = topic;
        this.executorId = executorId;
        this.records = records;
    }

    @Override
    public void run() {
        try {
            for (IntegrationStatus status : board.takeChanged()) {
                send(status.integrationId(), records.value(status));
            }
            for (UUID id : board.takeRemoved()) {
                send(id, null);
            }
        } catch (RuntimeException e) {
            log.error("integration status not published", e);
        }
    }

    private void send(UUID id, byte[] value) {
        producer.send(new ProducerRecord<>(topic, IntegrationStatusRecords.key(id, executorId), value), (m, e) -> {
            if (e != null) {
                log.warn("status of integration {} not written: {}", id, e.toString());
            }
        });
    }
}
