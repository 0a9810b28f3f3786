package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.message.PublishedMessageCodec;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers.
 */
@Component
public class MsgAllConsumer implements SmartLifecycle {

    private final KafkaProperties kafka;
    private final KafkaClientConfigs configs;
    private final Router router;
    private final List<ConsumerLoop> loops = new ArrayList<>();
    private volatile boolean running;

    public MsgAllConsumer(KafkaProperties kafka, KafkaClientConfigs configs, Router router) {
        this.kafka = kafka;
        this.configs = configs;
        this.router = router;
    }

    @Override
    public void start() {
        KafkaProperties.MsgAll msgAll = kafka.msgAll();
        for (int i = 0; i < msgAll.consumers(); i++) {
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                    configs.consumer("msg-all-" + i, msgAll.consumerGroup(), msgAll.maxPollRecords()));
            consumer.subscribe(List.of(msgAll.topic()));
            ConsumerLoop loop = new ConsumerLoop("msg-all-consumer-" + i, consumer, this::route, () -> { }, true);
            loops.add(loop);
            loop.start();
        }
        running = true;
    }

    /** An undecodable record fails here and is skipped by the loop, never retried forever. */
    private void route(ConsumerRecord<byte[], byte[]> record) {
        router.route(PublishedMessageCodec.decode(record.value()));
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
