package io.relaymq.broker.cluster;

import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * How many messages are in flight to a client whose session another node holds: a
 * {@link SessionCommand.Kind#IN_FLIGHT_QUERY} on that node's command topic, answered with a
 * {@link SessionCommand.Kind#IN_FLIGHT_ANSWER} on this node's. Also answers such queries for the sessions this
 * node holds. A missing or late answer gives null, never an error.
 */
@Component
public class InFlightCounts implements DisposableBean {

    /** How long an asking node waits for the answer. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(2);
    /** The most queries one node waits for at once; more are answered with null at once. */
    public static final int MAX_OUTSTANDING = 64;
    /** How long the owner waits for the session's thread before it answers "unknown". */
    static final Duration SESSION_WAIT = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(InFlightCounts.class);

    /** Sends a command to a node's command topic; completes once Kafka has it. */
    @FunctionalInterface
    interface Sender {
        CompletableFuture<Void> send(String node, String clientId, SessionCommand command);
    }

    private final PendingInFlightQueries pending = new PendingInFlightQueries(MAX_OUTSTANDING, ANSWER_TIMEOUT);
    private final SessionRegistry sessions;
    private final String self;
    // answers are sent off the session threads: a send may block on the producer's metadata
    private final ExecutorService answers = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "in-flight-answers");
        t.setDaemon(true);
        return t;
    });

    public InFlightCounts(SessionRegistry sessions, NodeId nodeId) {
        this.sessions = sessions;
        this.self = nodeId.value();
    }

    /** Asks {@code ownerNode}; completes with the count, or null when no answer came in time. */
    CompletableFuture<Integer> ask(String ownerNode, String clientId, Sender sender) {
        Optional<PendingInFlightQueries.Request> request = pending.open();
        if (request.isEmpty()) {
            log.debug("[{}] in-flight count not asked: {} queries open", clientId, MAX_OUTSTANDING);
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Integer> count = request.get().count();
        sender.send(
                        ownerNode,
                        clientId,
                        SessionCommand.inFlightQuery(request.get().id(), self))
                .whenComplete((ok, error) -> {
                    if (error != null) {
                        log.warn("[{}] in-flight query to node {} not sent: {}", clientId, ownerNode, error.toString());
                        count.complete(null);
                    }
                });
        return count;
    }

    /** An answer from another node; one for a request not (or no longer) open is ignored. */
    void answered(String clientId, SessionCommand.InFlight answer) {
        if (!pending.answer(answer.requestId(), answer.count())) {
            log.debug("[{}] in-flight answer for unknown request {} ignored", clientId, answer.requestId());
        }
    }

    /** Answers another node's query about a session this node may hold (null count: none here, or no answer). */
    void query(String clientId, SessionCommand.InFlight query, Sender sender) {
        String replyNode;
        try {
            replyNode = new NodeId(query.replyNode()).value();
        } catch (IllegalArgumentException e) {
            log.warn("[{}] in-flight query with an invalid reply node ignored", clientId);
            return;
        }
        ClientSession session = sessions.get(clientId);
        CompletableFuture<Integer> count =
                session == null ? CompletableFuture.completedFuture(null) : session.inFlightCount();
        count.completeOnTimeout(null, SESSION_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .thenAcceptAsync(
                        c -> sender.send(replyNode, clientId, SessionCommand.inFlightAnswer(query.requestId(), c))
                                .exceptionally(error -> {
                                    log.warn(
                                            "[{}] in-flight answer to node {} not sent: {}",
                                            clientId,
                                            replyNode,
                                            error.toString());
                                    return null;
                                }),
                        answers);
    }

    /** Queries waiting for an answer now. */
    int outstanding() {
        return pending.outstanding();
    }

    @Override
    public void destroy() {
        answers.shutdownNow();
    }
}
