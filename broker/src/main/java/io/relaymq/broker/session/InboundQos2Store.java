package io.relaymq.broker.session;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Where the QoS 2 packet ids a persistent session received and has not seen PUBREL for are kept outside
 * the node, so that the session's next node knows them ([MQTT-4.3.3-10]: a re-sent PUBLISH with such an id
 * is not forwarded again). Calls never block; their stages may complete on any thread.
 */
public interface InboundQos2Store {
    /**
     * What is kept for one packet id: the token its Kafka record carries, when it was kept, and the node that kept
     * it ({@code keptBy}, empty until the store wrote it).
     */
    record Receipt(long token, long keptAtMillis, String keptBy) {}

    /**
     * Keeps {@code packetId} with its receipt, before its message goes to Kafka; what is kept for the client
     * expires {@code ttlSeconds} from now. Completes with false, keeping nothing, when a generation above
     * {@code generation} has begun the session on another node.
     */
    CompletionStage<Boolean> received(String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds);

    /** Removes {@code packetId} (PUBREL). */
    CompletionStage<Void> released(String clientId, int packetId);

    /** What is kept for the client expires {@code ttlSeconds} from now (the session's expiry starts). */
    CompletionStage<Void> keep(String clientId, long ttlSeconds);

    /**
     * {@code generation} begins the session on this node: older generations elsewhere can keep no more ids.
     * A clean start forgets the ids first. Completes with the ids kept; fails when a newer generation has begun
     * already (this node lost the race for the session).
     */
    CompletionStage<Map<Integer, Receipt>> begin(String clientId, long generation, boolean clean, long ttlSeconds);

    /** The receipt kept for {@code packetId} now; null when none is. */
    CompletionStage<Receipt> receipt(String clientId, int packetId);

    /**
     * This node let the session go to another node and every Kafka write it began for it has finished: the ids it
     * kept ({@code tokens}: packet id to token) no longer name it as their keeper, so no record for them can come
     * any more. An id kept anew since keeps its keeper.
     */
    CompletionStage<Void> settle(String clientId, Map<Integer, Long> tokens);

    /**
     * Forgets everything kept for the client (its session ended), unless a generation above {@code generation}
     * has begun the session on another node.
     */
    CompletionStage<Void> removeAll(String clientId, long generation);
}
