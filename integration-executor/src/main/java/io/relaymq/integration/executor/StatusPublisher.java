package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationStatusRecords;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the statuses that changed to the compacted status topic, and a tombstone for every integration that
 * was removed. Called every status interval; a failed write is logged and the next change is written again.
 * Every {@link IntegrationStatus#RESTATED_EVERY} all statuses are written again, changed or not, so a reader can tell a live
 * executor from one that is gone without a goodbye ({@code updatedAt} stops moving); a stopping executor
 * withdraws its statuses ({@link #withdrawAll}).
 */
final class StatusPublisher implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(StatusPublisher.class);

    private final StatusBoard board;
    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final String executorId;
    private final IntegrationStatusRecords records;
    private final Clock clock;
    private long restatedAt;

    StatusPublisher(
            StatusBoard board,
            Producer<byte[], byte[]> producer,
            String topic,
            String executorId,
            IntegrationStatusRecords records,
            Clock clock) {
        this.board = board;
        this.producer = producer;
        this.topic = topic;
        this.executorId = executorId;
        this.records = records;
        this.clock = clock;
        this.restatedAt = clock.millis();
    }

    @Override
    public void run() {
        try {
            long now = clock.millis();
            List<IntegrationStatus> changed = board.takeChanged();
            if (now - restatedAt >= IntegrationStatus.RESTATED_EVERY.toMillis()) {
                restatedAt = now;
                changed = board.all();
            }
            for (IntegrationStatus status : changed) {
                send(status.integrationId(), records.value(status));
            }
            for (UUID id : board.takeRemoved()) {
                send(id, null);
            }
        } catch (RuntimeException e) {
            log.error("integration status not published", e);
        }
    }

    /** Tombstones every status of this executor: it stops, and its counts end with it. */
    void withdrawAll() {
        for (IntegrationStatus status : board.all()) {
            send(status.integrationId(), null);
        }
        for (UUID id : board.takeRemoved()) {
            send(id, null);
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
