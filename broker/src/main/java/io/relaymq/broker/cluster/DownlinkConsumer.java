package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/** Reads this node's downlink topic and hands each message to the local session it is for. */
@Component
public class DownlinkConsumer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DownlinkConsumer.class);

    private final KafkaClientConfigs configs;
    private final Downlink downlink;
    private final SessionRegistry sessions;
    private final MqttMetrics metrics;
    private final String nodeId;
    private final AtomicBoolean running = new AtomicBoolean();
    private KafkaConsumer<byte[], byte[]> consumer;
    private Thread thread;

    public DownlinkConsumer(KafkaClientConfigs configs, Downlink downlink, SessionRegistry sessions, MqttMetrics metrics,
                            NodeId nodeId) {
        this.configs = configs;
        this.downlink = downlink;
        this.sessions = sessions;
        this.metrics = metrics;
        this.nodeId = nodeId.value();
    }

    @Override
    public void start() {
        var config = configs.consumer("downlink", "relaymq-downlink-" + nodeId, 2000);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(downlink.topicOf(nodeId)));
        running.set(true);
        thread = new Thread(this::pollLoop, "downlink-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    private void pollLoop() {
        try {
            while (running.get()) {
                var records = consumer.poll(Duration.ofMillis(200));
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    deliver(record);
                }
                if (!records.isEmpty()) {
                    consumer.commitAsync();
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            log.error("downlink consumer stopped unexpectedly", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void deliver(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        OutboundMessage message;
        try {
            message = OutboundMessageCodec.decode(record.value());
        } catch (IllegalArgumentException e) {
            log.warn("[{}] skipping undecodable downlink record: {}", clientId, e.getMessage());
            return;
        }
        ClientSession session = sessions.get(clientId);
        if (session == null) {
            metrics.dropped("session_moved", 1);
            return;
        }
        session.deliver(message);
    }

    @Override
    public void stop() {
        running.set(false);
        if (consumer != null) {
            consumer.wakeup();
        }
        if (thread != null) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running.get();
    }

    @Override
    public int getPhase() {
        return 100;
    }
}
