package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Decides session ownership: all nodes consume {@code relaymq.client.session.event.request} as one
 * group, so every request for one client id is decided by one node, one after the other. A decision
 * records the requester as owner, tells a different previous owner to let go, and answers the requester
 * with what the session was.
 */
@Component
public class SessionEventDecider implements SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SessionEventDecider.class);

    private final KafkaProperties.SessionEvents settings;
    private final KafkaClientConfigs configs;
    private final SessionReplica sessions;
    private final DisconnectCommands commands;
    private final String self;
    private final Producer<byte[], byte[]> producer;
    private final AtomicBoolean running = new AtomicBoolean();
    private KafkaConsumer<byte[], byte[]> consumer;
    private Thread thread;

    public SessionEventDecider(KafkaProperties kafka, KafkaClientConfigs configs, SessionReplica sessions,
                               DisconnectCommands commands, NodeId nodeId) {
        this.settings = kafka.sessionEvents();
        this.configs = configs;
        this.sessions = sessions;
        this.commands = commands;
        this.self = nodeId.value();
        this.producer = new KafkaProducer<>(configs.producer("session-decisions", "all", 0, 16384));
    }

    /** The decision for one request, given what this node knows of the session (pure logic). */
    static SessionEvents.ConnectDecision decide(SessionEvents.ConnectRequest request, SessionInfo current) {
        return new SessionEvents.ConnectDecision(request.requestId(), current == null ? null : current.ownerNode(),
                current != null && current.isPersistent());
    }

    private void handle(String clientId, SessionEvents.ConnectRequest request) {
        SessionInfo current = sessions.get(clientId).orElse(null);
        SessionEvents.ConnectDecision decision = decide(request, current);
        sessions.writeFor(clientId, new SessionInfo(request.requesterNode(), true, request.expirySeconds()));
        if (decision.previousOwner() != null && !decision.previousOwner().equals(request.requesterNode())) {
            commands.send(decision.previousOwner(), clientId, request.requesterNode());
        }
        producer.send(new ProducerRecord<>(settings.responseTopicPrefix() + request.requesterNode(),
                clientId.getBytes(StandardCharsets.UTF_8), decision.encode()));
    }

    @Override
    public void start() {
        Map<String, Object> config = configs.consumer("session-events", "relaymq-session-events", 500);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(settings.requestTopic()));
        running.set(true);
        thread = new Thread(this::pollLoop, "session-decider");
        thread.setDaemon(true);
        thread.start();
    }

    private void pollLoop() {
        try {
            while (running.get()) {
                var records = consumer.poll(Duration.ofMillis(100));
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    try {
                        handle(new String(record.key(), StandardCharsets.UTF_8),
                                SessionEvents.ConnectRequest.decode(record.value()));
                    } catch (RuntimeException e) {
                        log.warn("skipping session event at offset {}: {}", record.offset(), e.getMessage());
                    }
                }
                if (!records.isEmpty()) {
                    producer.flush();
                    consumer.commitAsync();
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            log.error("session decider stopped unexpectedly", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
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
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }

    @Override
    public boolean isRunning() {
        return running.get();
    }

    @Override
    public int getPhase() {
        return 90;
    }
}
