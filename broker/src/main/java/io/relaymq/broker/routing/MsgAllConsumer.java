package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers.
 * A record that cannot be decoded is logged once and skipped, never retried forever.
 */
@Component
public class MsgAllConsumer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MsgAllConsumer.class);

    private final KafkaProperties kafka;
    private final KafkaClientConfigs configs;
    private final Router router;
    private final AtomicBoolean running = new AtomicBoolean();
    private final List<KafkaConsumer<byte[], byte[]>> consumers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    public MsgAllConsumer(KafkaProperties kafka, KafkaClientConfigs configs, Router router) {
        this.kafka = kafka;
        this.configs = configs;
        this.router = router;
    }

    @Override
    public void start() {
        running.set(true);
        KafkaProperties.MsgAll msgAll = kafka.msgAll();
        for (int i = 0; i < msgAll.consumers(); i++) {
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                    configs.consumer("msg-all-" + i, msgAll.consumerGroup(), msgAll.maxPollRecords()));
            consumer.subscribe(List.of(msgAll.topic()));
            consumers.add(consumer);
            Thread thread = new Thread(() -> pollLoop(consumer), "msg-all-consumer-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    private void pollLoop(KafkaConsumer<byte[], byte[]> consumer) {
        try {
            while (running.get()) {
                var records = consumer.poll(Duration.ofMillis(200));
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    route(record);
                }
                if (!records.isEmpty()) {
                    consumer.commitAsync();
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            log.error("msg.all consumer stopped unexpectedly", e);
        } finally {
            try {
                consumer.commitSync(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                log.debug("final commit failed: {}", e.getMessage());
            }
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void route(ConsumerRecord<byte[], byte[]> record) {
        PublishedMessage message;
        try {
            message = PublishedMessageCodec.decode(record.value());
        } catch (IllegalArgumentException e) {
            log.warn("skipping undecodable record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    e.getMessage());
            return;
        }
        router.route(message);
    }

    @Override
    public void stop() {
        running.set(false);
        consumers.forEach(KafkaConsumer::wakeup);
        for (Thread thread : threads) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        consumers.clear();
        threads.clear();
    }

    @Override
    public boolean isRunning() {
        return running.get();
    }

    /** Starts before the MQTT listeners open and stops after they closed. */
    @Override
    public int getPhase() {
        return 100;
    }
}
