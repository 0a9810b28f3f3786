package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Hands a routed message to the node that owns the subscriber's session, through that node's topic
 * {@code relaymq.msg.downlink.basic.<nodeId>} (key = client id, so one client's messages stay in order).
 * Each node creates its own downlink topic at start.
 */
@Component
public class Downlink implements RemoteDelivery, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Downlink.class);

    private final Producer<byte[], byte[]> producer;
    private final String prefix;
    private final MqttMetrics metrics;

    public Downlink(KafkaProperties kafka, KafkaClientConfigs configs, TopicProvisioner topics, NodeId nodeId,
                    MqttMetrics metrics) {
        this.prefix = kafka.downlink().topicPrefix();
        this.metrics = metrics;
        KafkaProperties.Downlink settings = kafka.downlink();
        topics.ensure(topicOf(nodeId.value()), settings.partitions(), settings.replicationFactor(), settings.retention());
        Map<String, Object> config = configs.producer("downlink", settings.acks(), 0, 65536);
        // a node that vanished must not stall the router for a minute waiting for its topic's metadata
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        this.producer = new KafkaProducer<>(config);
    }

    public String topicOf(String nodeId) {
        return prefix + nodeId;
    }

    @Override
    public void send(String nodeId, String clientId, OutboundMessage message) {
        try {
            producer.send(new ProducerRecord<>(topicOf(nodeId), clientId.getBytes(StandardCharsets.UTF_8),
                    OutboundMessageCodec.encode(message)), (metadata, error) -> {
                if (error != null) {
                    metrics.dropped("downlink_failed", 1);
                    log.warn("[{}] message for node {} not delivered to Kafka: {}", clientId, nodeId, error.getMessage());
                }
            });
        } catch (RuntimeException e) {
            metrics.dropped("downlink_failed", 1);
            log.warn("[{}] message for node {} not sent: {}", clientId, nodeId, e.getMessage());
        }
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
