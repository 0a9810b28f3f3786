package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.ConsumerWorker;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Decides session ownership: all nodes consume {@code relaymq.client.session.event.request} as one
 * group, so every request for one client id is decided by one node, one after the other. A decision
 * records the requester as owner, tells a different previous owner to let go of every copy older than
 * this decision's version, and answers the requester with what the session was. A request by another
 * principal than the session's is refused per {@link SessionOwnership}: nothing is recorded, nobody is
 * told to let go, and the answer says "refused" (a requester still on format 3, which cannot be told,
 * gets no answer and refuses the CONNECT when its wait ends).
 */
@Component
public class SessionEventDecider extends ConsumerWorker {

    private static final Logger log = LoggerFactory.getLogger(SessionEventDecider.class);

    private final KafkaProperties.SessionEvents settings;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final SessionReplica sessions;
    private final DisconnectCommands commands;
    private final SessionOwnership ownership;
    private final String self;
    private final Producer<byte[], byte[]> producer;

    public SessionEventDecider(
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            SessionReplica sessions,
            DisconnectCommands commands,
            SessionOwnership ownership,
            NodeId nodeId) {
        super(90); // before the MQTT listeners (200)
        this.settings = kafka.sessionEvents();
        this.clients = clients;
        this.loops = loops;
        this.sessions = sessions;
        this.commands = commands;
        this.ownership = ownership;
        this.self = nodeId.value();
        this.producer = clients.producer(KafkaClients.ProducerSpec.reliable("session-decisions"));
    }

    /** The decision for one request under the default ownership rule (pure logic). */
    static SessionEvents.ConnectDecision decide(
            SessionEvents.ConnectRequest request, SessionInfo current, long version) {
        return decide(request, current, version, SessionOwnership.STRICT);
    }

    /** The decision for one request, given what this node knows of the session (pure logic). */
    public static SessionEvents.ConnectDecision decide(
            SessionEvents.ConnectRequest request, SessionInfo current, long version, SessionOwnership ownership) {
        boolean refused = current != null
                && !ownership.permits(
                        current.details().principal(), request.details().principal());
        return new SessionEvents.ConnectDecision(
                request.requestId(),
                current == null ? null : current.ownerNode(),
                current != null && current.isPersistent(),
                version,
                current == null ? null : current.details().clientType(),
                refused);
    }

    /**
     * The ownership version (the generation of the session record) granted to a request at {@code offset}:
     * above every generation this node knows for the client id, and above the offset, which grows with
     * every request for the client id even when the deciding node changed and its view still lags.
     */
    static long generation(long offset, long known) {
        return Math.max(offset + 1, known + 1);
    }

    private void handle(String clientId, byte format, SessionEvents.ConnectRequest request, long offset) {
        SessionInfo current = sessions.get(clientId).orElse(null);
        long version = generation(offset, sessions.generation(clientId));
        SessionEvents.ConnectDecision decision = decide(request, current, version, ownership);
        if (decision.refused()) {
            log.debug("[{}] session takeover refused: the session belongs to another principal", clientId);
            if (!SessionEvents.knowsRefusals(format)) {
                return;
            }
        } else {
            sessions.writeFor(
                    clientId,
                    new SessionInfo(
                            request.requesterNode(), true, request.expirySeconds(), request.details(), version));
            if (decision.previousOwner() != null && !decision.previousOwner().equals(request.requesterNode())) {
                commands.send(decision.previousOwner(), clientId, version);
            }
        }
        producer.send(new ProducerRecord<>(
                settings.responseTopicPrefix() + request.requesterNode(),
                clientId.getBytes(StandardCharsets.UTF_8),
                decision.encode(format)));
    }

    @Override
    protected ConsumerLoop createLoop() {
        return loops.create(
                "session-decider",
                () -> {
                    // a control topic: a request read late may be one its requester gave up on, and acting on it could
                    // take a session from its current owner; one skipped costs the client a CONNECT retry, not a
                    // message
                    Consumer<byte[], byte[]> consumer = clients.groupConsumer(
                            "session-events", "relaymq-session-events", 500, KafkaClients.Start.LATEST);
                    consumer.subscribe(List.of(settings.requestTopic()));
                    return consumer;
                },
                BatchHandler.eachRecord(
                        record -> {
                            handle(
                                    new String(record.key(), StandardCharsets.UTF_8),
                                    SessionEvents.versionOf(record.value()),
                                    SessionEvents.ConnectRequest.decode(record.value()),
                                    record.offset());
                            return null;
                        },
                        producer::flush),
                LoopPlan.Commits.AFTER_EACH_BATCH);
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
