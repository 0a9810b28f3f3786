package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.message.PublishedMessageCodec;
import java.util.ArrayList;
import java.util.List;
import io.relaymq.broker.persistence.device.PersistedProducer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers
 * and every message for a persistent session was acknowledged by {@code relaymq.msg.persisted}; when one
 * of those failed, the poll is routed again (at least once).
 */
@Component
public class MsgAllConsumer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MsgAllConsumer.class);

    private final KafkaProperties kafka;
    private final KafkaClientConfigs configs;
    private final Router router;
    private final PersistedProducer persisted;
    private final List<ConsumerLoop> loops = new ArrayList<>();
    private volatile boolean running;

    public MsgAllConsumer(KafkaProperties kafka, KafkaClientConfigs configs, Router router, PersistedProducer persisted) {
        this.kafka = kafka;
        this.configs = configs;
        this.router = router;
        this.persisted = persisted;
    }

    @Override
    public void start() {
        KafkaProperties.MsgAll msgAll = kafka.msgAll();
        for (int i = 0; i < msgAll.consumers(); i++) {
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                    configs.consumer("msg-all-" + i, msgAll.consumerGroup(), msgAll.maxPollRecords()));
            consumer.subscribe(List.of(msgAll.topic()));
            ConsumerLoop loop = new ConsumerLoop("msg-all-consumer-" + i, consumer, this::routeBatch, true);
            loops.add(loop);
            loop.start();
        }
        running = true;
    }

    private void routeBatch(ConsumerRecords<byte[], byte[]> records) {
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

    @Override
    public void stop() {
        running = false;
        loops.forEach(ConsumerLoop::stop);
        loops.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Starts before the MQTT listeners open and stops after they closed. */
    @Override
    public int getPhase() {
        return 100;
    }
}
