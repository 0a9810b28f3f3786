package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/** Reads this node's downlink topic and hands each message to the local session it is for. */
@Component
public class DownlinkConsumer implements SmartLifecycle {

    private final KafkaClientConfigs configs;
    private final Downlink downlink;
    private final SessionRegistry sessions;
    private final MqttMetrics metrics;
    private final String nodeId;
    private ConsumerLoop loop;

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
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(downlink.topicOf(nodeId)));
        loop = new ConsumerLoop("downlink-consumer", consumer, this::deliver, () -> { }, true);
        loop.start();
    }

    private void deliver(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        OutboundMessage message = OutboundMessageCodec.decode(record.value());
        ClientSession session = sessions.get(clientId);
        if (session == null) {
            metrics.dropped("session_moved", 1);
            return;
        }
        session.deliver(message);
    }

    @Override
    public void stop() {
        if (loop != null) {
            loop.stop();
        }
    }

    @Override
    public boolean isRunning() {
        return loop != null && loop.isRunning();
    }

    @Override
    public int getPhase() {
        return 100;
    }
}
