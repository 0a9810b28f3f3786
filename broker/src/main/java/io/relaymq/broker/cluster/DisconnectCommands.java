package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * "Your session of this client moved to another node": sent on {@code relaymq.client.disconnect.<nodeId>}
 * (key = client id, value = the new owner) by the node a client reconnected to. The old owner closes
 * the client's connection there (5.0: DISCONNECT 0x8E) and drops its local copy of the session
 * without ending it cluster-wide.
 */
@Component
public class DisconnectCommands implements SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(DisconnectCommands.class);

    private final String prefix;
    private final String self;
    private final KafkaClientConfigs configs;
    private final SessionRegistry sessions;
    private final Producer<byte[], byte[]> producer;
    private ConsumerLoop loop;

    public DisconnectCommands(KafkaProperties kafka, KafkaClientConfigs configs, TopicProvisioner topics, NodeId nodeId,
                              SessionRegistry sessions) {
        this.prefix = kafka.downlink().disconnectTopicPrefix();
        this.self = nodeId.value();
        this.configs = configs;
        this.sessions = sessions;
        topics.ensure(prefix + self, 1, kafka.downlink().replicationFactor(), kafka.downlink().retention());
        Map<String, Object> config = configs.producer("disconnect", "all", 0, 16384);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        this.producer = new KafkaProducer<>(config);
    }

    /** Tells {@code ownerNode} that {@code clientId}'s session now lives on {@code newOwner}. */
    public void send(String ownerNode, String clientId, String newOwner) {
        try {
            producer.send(new ProducerRecord<>(prefix + ownerNode, bytes(clientId), bytes(newOwner)), (m, error) -> {
                if (error != null) {
                    log.warn("[{}] could not tell node {} about the takeover: {}", clientId, ownerNode, error.getMessage());
                }
            });
        } catch (RuntimeException e) {
            log.warn("[{}] could not tell node {} about the takeover: {}", clientId, ownerNode, e.getMessage());
        }
    }

    @Override
    public void start() {
        var config = configs.consumer("disconnect", "relaymq-disconnect-" + self, 500);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(prefix + self));
        loop = new ConsumerLoop("disconnect-commands", consumer, record -> handOver(
                new String(record.key(), StandardCharsets.UTF_8), new String(record.value(), StandardCharsets.UTF_8)),
                () -> { }, true);
        loop.start();
    }

    private void handOver(String clientId, String newOwner) {
        ClientSession session = sessions.get(clientId);
        if (session == null || newOwner.equals(self)) {
            return;
        }
        log.info("[{}] session moved to node {}", clientId, newOwner);
        session.execute(session::handOver);
    }

    @Override
    public void stop() {
        if (loop != null) {
            loop.stop();
        }
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }

    @Override
    public boolean isRunning() {
        return loop != null && loop.isRunning();
    }

    @Override
    public int getPhase() {
        return 100;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
