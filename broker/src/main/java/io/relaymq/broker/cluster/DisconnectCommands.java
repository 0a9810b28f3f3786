package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.ConsumerWorker;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Commands for the sessions this node owns, on {@code relaymq.client.disconnect.<nodeId>} (key = client
 * id, value = a {@link SessionCommand}). Mostly "your session of this client moved to another node", sent
 * by the node that decided the move: the old owner closes the client's connection there (5.0: DISCONNECT
 * 0x8E) and drops its local copy without ending the session cluster-wide. The admin API sends
 * disconnect, remove and replace-subscriptions commands the same way, so they run on the session's own
 * thread wherever it lives. Nodes also ask each other here how many messages are in flight to a client
 * ({@link InFlightCounts}).
 */
@Component
public class DisconnectCommands extends ConsumerWorker {

    private static final Logger log = LoggerFactory.getLogger(DisconnectCommands.class);

    private final String prefix;
    private final String self;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final SessionRegistry sessions;
    private final MovedSessions moved;
    private final OperatorCommands operator;
    private final InFlightCounts inFlight;
    private final Producer<byte[], byte[]> producer;

    public DisconnectCommands(
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            TopicProvisioner topics,
            NodeId nodeId,
            SessionRegistry sessions,
            MovedSessions moved,
            OperatorCommands operator,
            InFlightCounts inFlight) {
        super(100);
        this.inFlight = inFlight;
        this.loops = loops;
        this.operator = operator;
        this.moved = moved;
        this.prefix = kafka.downlink().disconnectTopicPrefix();
        this.self = nodeId.value();
        this.clients = clients;
        this.sessions = sessions;
        topics.ensure(
                prefix + self,
                1,
                kafka.downlink().replicationFactor(),
                kafka.downlink().retention());
        this.producer = clients.producer(
                KafkaClients.ProducerSpec.reliable("disconnect").blockingAtMost(Duration.ofSeconds(5)));
    }

    /** Tells {@code ownerNode} to let go of its copies of {@code clientId}'s session older than {@code version}. */
    public void send(String ownerNode, String clientId, long version) {
        send(ownerNode, clientId, SessionCommand.handOver(version)).exceptionally(error -> {
            log.warn("[{}] could not tell node {} about the takeover: {}", clientId, ownerNode, error.getMessage());
            return null;
        });
    }

    /**
     * Asks {@code ownerNode} how many messages are in flight to {@code clientId}; completes with null when no
     * answer comes within {@link InFlightCounts#ANSWER_TIMEOUT} (or too many queries are open).
     */
    public CompletableFuture<Integer> inFlightCount(String ownerNode, String clientId) {
        return inFlight.ask(ownerNode, clientId, this::send);
    }

    /** Sends {@code command} to {@code ownerNode}; completes once Kafka has it. */
    public CompletableFuture<Void> send(String ownerNode, String clientId, SessionCommand command) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        try {
            producer.send(new ProducerRecord<>(prefix + ownerNode, bytes(clientId), command.encode()), (m, error) -> {
                if (error != null) {
                    sent.completeExceptionally(error);
                } else {
                    sent.complete(null);
                }
            });
        } catch (RuntimeException e) {
            sent.completeExceptionally(e);
        }
        return sent;
    }

    @Override
    protected ConsumerLoop createLoop() {
        return loops.create(
                "disconnect-commands",
                () -> {
                    // a control topic: an old "your session moved" command could close a session that came back since
                    Consumer<byte[], byte[]> consumer = clients.groupConsumer(
                            "disconnect", "relaymq-disconnect-" + self, 500, KafkaClients.Start.LATEST);
                    consumer.subscribe(List.of(prefix + self));
                    return consumer;
                },
                BatchHandler.eachRecord(
                        record -> {
                            apply(new String(record.key(), StandardCharsets.UTF_8), record.value());
                            return null;
                        },
                        () -> {}),
                LoopPlan.Commits.AFTER_EACH_BATCH);
    }

    private void apply(String clientId, byte[] value) {
        SessionCommand command;
        try {
            command = SessionCommand.decode(clientId, value);
        } catch (RuntimeException e) {
            log.warn("[{}] unreadable session command ignored", clientId, e);
            return;
        }
        switch (command.kind()) {
            case HAND_OVER -> handOver(clientId, command.version());
            case IN_FLIGHT_QUERY -> inFlight.query(clientId, command.inFlight(), this::send);
            case IN_FLIGHT_ANSWER -> inFlight.answered(clientId, command.inFlight());
            default -> operator.apply(clientId, command);
        }
    }

    /**
     * Remembers that versions below {@code version} are superseded, and lets go of the local copy if it
     * is older. A session this node creates later with an older version is let go of as well (see
     * {@link MovedSessions}), so a command that overtakes a slow CONNECT is not lost.
     */
    private void handOver(String clientId, long version) {
        moved.record(clientId, version);
        ClientSession session = sessions.get(clientId);
        if (session == null) {
            return;
        }
        session.execute(() -> {
            if (session.ownershipVersion() < version) {
                log.info("[{}] session moved to another node", clientId);
                session.handOver();
            }
        });
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
