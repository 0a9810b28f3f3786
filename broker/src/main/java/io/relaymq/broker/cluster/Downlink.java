package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Hands messages to the node that owns the subscriber's session, through one of that node's topics
 * {@code <prefix><nodeId>} (key = client id, so one client's messages stay in order): basic deliveries
 * on {@code relaymq.msg.downlink.basic.}, stored DEVICE messages on {@code relaymq.msg.downlink.persisted.}.
 * Each node creates its own topic at start. Sends do not wait; a caller that must know they reached Kafka
 * (the msg.all router before it commits) calls {@link #flush()} and compares {@link #failures()}.
 */
public class Downlink implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Downlink.class);

    private final Producer<byte[], byte[]> producer;
    private final String prefix;
    private final MqttMetrics metrics;
    private final AtomicLong failures = new AtomicLong();

    public Downlink(
            String prefix,
            KafkaProperties.Downlink settings,
            KafkaClients clients,
            TopicProvisioner topics,
            NodeId nodeId,
            MqttMetrics metrics) {
        this.prefix = prefix;
        this.metrics = metrics;
        topics.ensure(
                topicOf(nodeId.value()), settings.partitions(), settings.replicationFactor(), settings.retention());
        // a node that vanished must not stall the sender for a minute waiting for its topic's metadata
        this.producer = clients.producer(
                new KafkaClients.ProducerSpec("downlink-" + prefix, settings.acks(), 0, 65536, Duration.ofSeconds(5)));
    }

    /** A downlink on a given producer whose topics exist already. */
    public Downlink(String prefix, Producer<byte[], byte[]> producer, MqttMetrics metrics) {
        this.prefix = prefix;
        this.producer = producer;
        this.metrics = metrics;
    }

    public String topicOf(String nodeId) {
        return prefix + nodeId;
    }

    /** Sends without waiting; a failure is logged and counted in {@link #failures()}. */
    public void send(String nodeId, String clientId, byte[] value) {
        try {
            producer.send(
                    new ProducerRecord<>(topicOf(nodeId), clientId.getBytes(StandardCharsets.UTF_8), value),
                    (metadata, error) -> {
                        if (error != null) {
                            failures.incrementAndGet();
                            metrics.dropped("downlink_failed", 1);
                            log.warn(
                                    "[{}] message for node {} not delivered to Kafka: {}",
                                    clientId,
                                    nodeId,
                                    error.getMessage());
                        }
                    });
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            metrics.dropped("downlink_failed", 1);
            log.warn("[{}] message for node {} not sent: {}", clientId, nodeId, e.getMessage());
        }
    }

    /** This downlink as the router sees it: messages encoded for the owner node's topic. */
    public RemoteDelivery remoteDelivery() {
        return new RemoteDelivery() {
            @Override
            public void send(String nodeId, String clientId, OutboundMessage message) {
                Downlink.this.send(nodeId, clientId, OutboundMessageCodec.encode(message));
            }

            @Override
            public void flush() {
                Downlink.this.flush();
            }

            @Override
            public long failures() {
                return Downlink.this.failures();
            }
        };
    }

    /** Blocks until every message sent so far was acknowledged by Kafka or failed. */
    public void flush() {
        producer.flush();
    }

    /** Sends that failed since the start, synchronously or in Kafka. */
    public long failures() {
        return failures.get();
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
