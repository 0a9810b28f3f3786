package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.GroupConsumers;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.broker.persistence.device.PersistedProducer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers
 * and every message for a persistent session was acknowledged by {@code relaymq.msg.persisted}; when one
 * of those failed, the poll is routed again (at least once).
 */
@Component
public class MsgAllConsumer extends GroupConsumers {

    private static final Logger log = LoggerFactory.getLogger(MsgAllConsumer.class);

    private final Router router;
    private final PersistedProducer persisted;

    public MsgAllConsumer(KafkaProperties kafka, KafkaClientConfigs configs, Router router, PersistedProducer persisted) {
        super(configs, "msg-all", kafka.msgAll().topic(), kafka.msgAll().consumerGroup(), kafka.msgAll().consumers(),
                kafka.msgAll().maxPollRecords());
        this.router = router;
        this.persisted = persisted;
    }

    @Override
    protected void handle(ConsumerRecords<byte[], byte[]> records) {
        long failuresBefore = persisted.failures();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            route(record);
        }
        persisted.flush();
        if (persisted.failures() != failuresBefore) {
            throw new ConsumerLoop.RetryBatch("messages for persistent sessions were not written to Kafka", null);
        }
    }

    /** An undecodable record is logged and skipped, never retried forever. */
    private void route(ConsumerRecord<byte[], byte[]> record) {
        try {
            router.route(PublishedMessageCodec.decode(record.value()));
        } catch (RuntimeException e) {
            log.warn("skipping record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(), e.getMessage());
        }
    }
}
