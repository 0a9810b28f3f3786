package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
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

/**
 * Hands messages to the node that owns the subscriber's session, through one of that node's topics
 * {@code <prefix><nodeId>} (key = client id, so one client's messages stay in order): basic deliveries
 * on {@code relaymq.msg.downlink.basic.}, stored DEVICE messages on {@code relaymq.msg.downlink.persisted.}.
 * Each node creates its own topic at start.
 */
public class Downlink implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Downlink.class);

    private final Producer<byte[], byte[]> producer;
    private final String prefix;
    private final MqttMetrics metrics;

    public Downlink(String prefix, KafkaProperties.Downlink settings, KafkaClientConfigs configs, TopicProvisioner topics,
                    NodeId nodeId, MqttMetrics metrics) {
        this.prefix = prefix;
        this.metrics = metrics;
        topics.ensure(topicOf(nodeId.value()), settings.partitions(), settings.replicationFactor(), settings.retention());
        Map<String, Object> config = configs.producer("downlink-" + prefix, settings.acks(), 0, 65536);
        // a node that vanished must not stall the sender for a minute waiting for its topic's metadata
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        this.producer = new KafkaProducer<>(config);
    }

    public String topicOf(String nodeId) {
        return prefix + nodeId;
    }

    /** Sends without waiting; a failure is logged and counted. */
    public void send(String nodeId, String clientId, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topicOf(nodeId), clientId.getBytes(StandardCharsets.UTF_8), value),
                    (metadata, error) -> {
                        if (error != null) {
                            metrics.dropped("downlink_failed", 1);
                            log.warn("[{}] message for node {} not delivered to Kafka: {}", clientId, nodeId,
                                    error.getMessage());
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
