package io.relaymq.broker.session;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where the QoS 2 packet ids a persistent session received and has not seen PUBREL for are kept outside
 * the node, so that the session's next node knows them ([MQTT-4.3.3-10]: a re-sent PUBLISH with such an id
 * is not forwarded again). Calls never block; their stages may complete on any thread.
 */
public interface InboundQos2Store {

    /** What is kept for one packet id: the token its message's Kafka record carries, and when it was kept. */
    record Receipt(long token, long keptAtMillis) {
    }

    /** Keeps nothing (a node without a store, tests): the ids live only in the session's memory. */
    InboundQos2Store NONE = new InboundQos2Store() {
        @Override
        public CompletionStage<Boolean> received(String clientId, int packetId, Receipt receipt, long generation,
                                                 long ttlSeconds) {
            return CompletableFuture.completedFuture(true);
        }

        @Override
        public CompletionStage<Void> released(String clientId, int packetId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> keep(String clientId, long ttlSeconds) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Map<Integer, Receipt>> begin(String clientId, long generation, boolean clean,
                                                            long ttlSeconds) {
            return CompletableFuture.completedFuture(Map.of());
        }

        @Override
        public CompletionStage<Void> removeAll(String clientId) {
            return CompletableFuture.completedFuture(null);
        }
    };

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
     * A clean start forgets the ids first. Completes with the ids kept.
     */
    CompletionStage<Map<Integer, Receipt>> begin(String clientId, long generation, boolean clean, long ttlSeconds);

    /** Forgets everything kept for the client (its session ended). */
    CompletionStage<Void> removeAll(String clientId);
}
