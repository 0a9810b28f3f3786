package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerWorker;
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
import org.springframework.stereotype.Component;

/** Reads this node's downlink topic and hands each message to the local session it is for. */
@Component
public class DownlinkConsumer extends ConsumerWorker {

    private final KafkaClientConfigs configs;
    private final Downlink downlink;
    private final SessionRegistry sessions;
    private final MqttMetrics metrics;
    private final String nodeId;

    public DownlinkConsumer(KafkaClientConfigs configs, Downlink downlink, SessionRegistry sessions, MqttMetrics metrics,
                            NodeId nodeId) {
        super(100);
        this.configs = configs;
        this.downlink = downlink;
        this.sessions = sessions;
        this.metrics = metrics;
        this.nodeId = nodeId.value();
    }

    @Override
    protected ConsumerLoop createLoop() {
        var config = configs.consumer("downlink", "relaymq-downlink-" + nodeId, 2000);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(downlink.topicOf(nodeId)));
        return new ConsumerLoop("downlink-consumer", consumer, this::deliver, () -> { }, true);
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
}
