package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * When the received QoS 2 packet ids ([MQTT-4.3.3-9], [MQTT-4.3.3-10]) reach the store and leave it: only for
 * sessions that outlive their connection, and the end of the session for good (expiry, removal, clean start
 * replacing it on this node) removes them while a hand-over to another node does not. Redis itself is
 * covered by InboundQos2SessionMoveIT.
 */
class InboundQos2Test {

    private final List<String> calls = new ArrayList<>();
    private final InboundQos2 qos2 = new InboundQos2("c", new InboundQos2Store() {
        @Override
        public CompletionStage<Void> received(String clientId, int packetId, long ttlSeconds) {
            return done("received " + packetId + " ttl " + ttlSeconds);
        }

        @Override
        public CompletionStage<Void> released(String clientId, int packetId) {
            return done("released " + packetId);
        }

        @Override
        public CompletionStage<Void> keep(String clientId, long ttlSeconds) {
            return done("keep " + ttlSeconds);
        }

        @Override
        public CompletionStage<Set<Integer>> load(String clientId) {
            calls.add("load");
            return CompletableFuture.completedFuture(Set.of(4, 9));
        }

        @Override
        public CompletionStage<Void> removeAll(String clientId) {
            return done("removeAll");
        }
    });

    private CompletionStage<Void> done(String call) {
        calls.add(call);
        return CompletableFuture.completedFuture(null);
    }

    @Test
    void aSessionThatEndsWithItsConnectionKeepsNothingOutsideTheNode() {
        qos2.stored(3, 0);
        qos2.release(3);
        qos2.ended(true);

        assertThat(calls).isEmpty();
    }

    @Test
    void aPersistentSessionWritesBeforePubrecRemovesBeforePubcompAndItsEndRemovesTheRest() {
        qos2.stored(3, 600);
        qos2.stored(5, 600);
        qos2.release(3);
        qos2.expiring(600);
        qos2.ended(true);

        assertThat(calls).containsExactly("received 3 ttl 600", "received 5 ttl 600", "released 3", "keep 600",
                "removeAll");
    }

    @Test
    void aSessionHandedOverToAnotherNodeLeavesItsIdsToIt() {
        qos2.stored(3, 600);
        qos2.ended(false);

        assertThat(calls).containsExactly("received 3 ttl 600");
        assertThat(qos2.ids()).isEmpty();
    }

    @Test
    void aContinuedSessionReadsItsIdsAndANewOneClearsWhatItsPredecessorLeft() {
        qos2.begin(true, false, Runnable::run);
        assertThat(qos2.ids()).containsExactlyInAnyOrder(4, 9);

        InboundQos2 fresh = new InboundQos2("c", InboundQos2Store.NONE);
        assertThat(fresh.begin(false, true, Runnable::run)).isCompleted();
        qos2.begin(false, true, Runnable::run);
        assertThat(calls).containsExactly("load", "removeAll");
    }
}
