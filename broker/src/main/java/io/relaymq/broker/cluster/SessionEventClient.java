package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.ConsumerWorker;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.stereotype.Component;

/** Asks the deciding node to make this node a client's session owner, and waits for the answer. */
@Component
public class SessionEventClient extends ConsumerWorker {

    private final KafkaProperties.SessionEvents settings;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final String self;
    private final String responseTopic;
    private final Duration timeout;
    private final Producer<byte[], byte[]> producer;
    private final Map<String, CompletableFuture<SessionEvents.ConnectDecision>> waiting = new ConcurrentHashMap<>();

    public SessionEventClient(
            KafkaProperties kafka, KafkaClients clients, ConsumerLoops loops, TopicProvisioner topics, NodeId nodeId) {
        super(90); // before the MQTT listeners (200)
        this.settings = kafka.sessionEvents();
        this.clients = clients;
        this.loops = loops;
        this.self = nodeId.value();
        this.responseTopic = settings.responseTopicPrefix() + self;
        this.timeout = kafka.apiTimeout();
        topics.ensure(
                settings.requestTopic(), settings.partitions(), settings.replicationFactor(), settings.retention());
        topics.ensure(responseTopic, 1, settings.replicationFactor(), settings.retention());
        this.producer = clients.producer(
                KafkaClients.ProducerSpec.reliable("session-events").blockingAtMost(timeout));
    }

    /** Asks to own {@code clientId}'s session; completes with what the session was, or fails on timeout. */
    public CompletableFuture<SessionEvents.ConnectDecision> requestOwnership(
            String clientId, long expirySeconds, SessionDetails details) {
        String requestId = UUID.randomUUID().toString();
        CompletableFuture<SessionEvents.ConnectDecision> answer = new CompletableFuture<>();
        waiting.put(requestId, answer);
        answer.whenComplete((d, e) -> waiting.remove(requestId));
        producer.send(
                new ProducerRecord<>(
                        settings.requestTopic(),
                        clientId.getBytes(StandardCharsets.UTF_8),
                        new SessionEvents.ConnectRequest(requestId, self, expirySeconds, details).encode()),
                (m, error) -> {
                    if (error != null) {
                        answer.completeExceptionally(error);
                    }
                });
        return answer.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    protected ConsumerLoop createLoop() {
        return loops.create(
                "session-answers",
                () -> {
                    Consumer<byte[], byte[]> consumer = clients.reader("session-answers");
                    TopicPartition partition = new TopicPartition(responseTopic, 0);
                    consumer.assign(List.of(partition));
                    consumer.seekToEnd(List.of(partition));
                    consumer.position(partition);
                    return consumer;
                },
                BatchHandler.eachRecord(
                        record -> {
                            answer(record);
                            return null;
                        },
                        () -> {}),
                LoopPlan.Commits.NONE);
    }

    private void answer(ConsumerRecord<byte[], byte[]> record) {
        SessionEvents.ConnectDecision decision = SessionEvents.ConnectDecision.decode(record.value());
        CompletableFuture<SessionEvents.ConnectDecision> answer = waiting.get(decision.requestId());
        if (answer != null) {
            answer.complete(decision);
        }
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }
}
