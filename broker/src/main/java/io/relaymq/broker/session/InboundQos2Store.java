package io.relaymq.broker.session;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where the QoS 2 packet ids a persistent session received and has not seen PUBREL for are kept outside
 * the node, so that the session's next node knows them ([MQTT-4.3.3-10]: a re-sent PUBLISH with such an id
 * is not forwarded again). Calls never block; their stages may complete on any thread.
 */
public interface InboundQos2Store {

    /** Keeps nothing (a node without a store, tests): the ids live only in the session's memory. */
    InboundQos2Store NONE = new InboundQos2Store() {
        @Override
        public CompletionStage<Void> received(String clientId, int packetId, long ttlSeconds) {
            return CompletableFuture.completedFuture(null);
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
        public CompletionStage<Set<Integer>> load(String clientId) {
            return CompletableFuture.completedFuture(Set.of());
        }

        @Override
        public CompletionStage<Void> removeAll(String clientId) {
            return CompletableFuture.completedFuture(null);
        }
    };

    /** Adds {@code packetId}; what is kept for the client expires {@code ttlSeconds} from now. */
    CompletionStage<Void> received(String clientId, int packetId, long ttlSeconds);

    /** Removes {@code packetId} (PUBREL). */
    CompletionStage<Void> released(String clientId, int packetId);

    /** What is kept for the client expires {@code ttlSeconds} from now (the session's expiry starts). */
    CompletionStage<Void> keep(String clientId, long ttlSeconds);

    /** The ids kept for the client. */
    CompletionStage<Set<Integer>> load(String clientId);

    /** Forgets everything kept for the client (its session ended, or a new one starts). */
    CompletionStage<Void> removeAll(String clientId);
}
