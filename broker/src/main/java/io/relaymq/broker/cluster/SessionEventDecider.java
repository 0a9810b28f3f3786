package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.ConsumerWorker;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.stereotype.Component;

/**
 * Decides session ownership: all nodes consume {@code relaymq.client.session.event.request} as one
 * group, so every request for one client id is decided by one node, one after the other. A decision
 * records the requester as owner, tells a different previous owner to let go of every copy older than
 * this decision's version, and answers the requester with what the session was.
 */
@Component
public class SessionEventDecider extends ConsumerWorker {

    private final KafkaProperties.SessionEvents settings;
    private final KafkaClientConfigs configs;
    private final ConsumerLoops loops;
    private final SessionReplica sessions;
    private final DisconnectCommands commands;
    private final String self;
    private final Producer<byte[], byte[]> producer;

    public SessionEventDecider(KafkaProperties kafka, KafkaClientConfigs configs, ConsumerLoops loops,
                               SessionReplica sessions, DisconnectCommands commands, NodeId nodeId) {
        super(90); // before the MQTT listeners (200)
        this.settings = kafka.sessionEvents();
        this.configs = configs;
        this.loops = loops;
        this.sessions = sessions;
        this.commands = commands;
        this.self = nodeId.value();
        this.producer = new KafkaProducer<>(configs.producer("session-decisions", "all", 0, 16384));
    }

    /** The decision for one request, given what this node knows of the session (pure logic). */
    static SessionEvents.ConnectDecision decide(SessionEvents.ConnectRequest request, SessionInfo current, long version) {
        return new SessionEvents.ConnectDecision(request.requestId(), current == null ? null : current.ownerNode(),
                current != null && current.isPersistent(), version, current == null ? null : current.details().clientType());
    }

    /** {@code version} is the request's offset: it grows with every request for the same client id. */
    private void handle(String clientId, SessionEvents.ConnectRequest request, long version) {
        SessionInfo current = sessions.get(clientId).orElse(null);
        SessionEvents.ConnectDecision decision = decide(request, current, version);
        sessions.writeFor(clientId, new SessionInfo(request.requesterNode(), true, request.expirySeconds(), request.details()));
        if (decision.previousOwner() != null && !decision.previousOwner().equals(request.requesterNode())) {
            commands.send(decision.previousOwner(), clientId, version);
        }
        producer.send(new ProducerRecord<>(settings.responseTopicPrefix() + request.requesterNode(),
                clientId.getBytes(StandardCharsets.UTF_8), decision.encode()));
    }

    @Override
    protected ConsumerLoop createLoop() {
        return loops.create("session-decider", () -> {
            Map<String, Object> config = configs.consumer("session-events", "relaymq-session-events", 500);
            config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config);
            consumer.subscribe(List.of(settings.requestTopic()));
            return consumer;
        }, BatchHandler.eachRecord(record -> {
            handle(new String(record.key(), StandardCharsets.UTF_8), SessionEvents.ConnectRequest.decode(record.value()),
                    record.offset());
            return null;
        }, producer::flush), true);
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
