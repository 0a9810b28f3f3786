package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.NoOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * When the received QoS 2 packet ids ([MQTT-4.3.3-9], [MQTT-4.3.3-10]) reach the store and leave it: only for
 * sessions that outlive their connection, kept before the message goes on, and the end of the session for
 * good (expiry, removal, clean start replacing it on this node) removes them while a hand-over to another node
 * does not. Ids read when the session begins on a node are unverified until a PUBLISH with them was checked.
 * Redis itself is covered by InboundQos2SessionMoveIT.
 */
class InboundQos2Test {

    private static final InboundQos2Store.Receipt R = new InboundQos2Store.Receipt(77, 1000, "node-a");

    private final List<String> calls = new ArrayList<>();
    private boolean fenced;
    private final InboundQos2 qos2 = new InboundQos2("c", new InboundQos2Store() {
        @Override
        public CompletionStage<Boolean> received(
                String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds) {
            calls.add(
                    "received " + packetId + " token " + receipt.token() + " gen " + generation + " ttl " + ttlSeconds);
            return CompletableFuture.completedFuture(!fenced);
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
        public CompletionStage<Map<Integer, Receipt>> begin(
                String clientId, long generation, boolean clean, long ttlSeconds) {
            calls.add("begin gen " + generation + (clean ? " clean" : ""));
            return CompletableFuture.completedFuture(clean ? Map.of() : Map.of(4, R, 9, R));
        }

        @Override
        public CompletionStage<Receipt> receipt(String clientId, int packetId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> settle(String clientId, Map<Integer, Long> tokens) {
            return done("settle " + tokens);
        }

        @Override
        public CompletionStage<Void> removeAll(String clientId, long generation) {
            return done("removeAll gen " + generation);
        }
    });

    private CompletionStage<Void> done(String call) {
        calls.add(call);
        return CompletableFuture.completedFuture(null);
    }

    @Test
    void aSessionThatEndsWithItsConnectionKeepsNothingOutsideTheNode() {
        assertThat(qos2.keep(3, R, 0, 5)).isCompletedWithValue(true);
        qos2.release(3);
        qos2.ended(true);

        assertThat(calls).isEmpty();
    }

    @Test
    void aPersistentSessionKeepsBeforeForwardingRemovesBeforePubcompAndItsEndRemovesTheRest() {
        qos2.keep(3, R, 600, 5);
        qos2.keep(5, R, 600, 5);
        qos2.release(3);
        qos2.expiring(600);
        qos2.ended(true);

        assertThat(calls)
                .containsExactly(
                        "received 3 token 77 gen 5 ttl 600",
                        "received 5 token 77 gen 5 ttl 600",
                        "released 3",
                        "keep 600",
                        "removeAll gen 5");
    }

    @Test
    void aKeepRefusedBecauseAnotherNodeBeganTheSessionSaysSo() {
        fenced = true;
        assertThat(qos2.keep(3, R, 600, 5)).isCompletedWithValue(false);
    }

    @Test
    void aSessionHandedOverSettlesItsIdsOnlyOnceItsWritesFinished() {
        qos2.keep(3, R, 600, 5);
        CompletableFuture<Boolean> writing = qos2.decide(3);
        qos2.ended(false);
        assertThat(calls).noneMatch(c -> c.startsWith("settle"));

        writing.complete(true);
        assertThat(calls).endsWith("settle {3=77}");
    }

    @Test
    void aSessionHandedOverToAnotherNodeLeavesItsIdsToIt() {
        qos2.keep(3, R, 600, 5);
        qos2.ended(false);

        assertThat(calls).containsExactly("received 3 token 77 gen 5 ttl 600", "settle {3=77}");
        assertThat(qos2.ids()).isEmpty();
    }

    @Test
    void aContinuedSessionReadsItsIdsAsUnverifiedAndANewOneBeginsClean() {
        qos2.begin(true, false, 8, 600, Runnable::run);
        assertThat(qos2.ids()).containsExactlyInAnyOrder(4, 9);
        assertThat(qos2.unverified(4)).isEqualTo(R);
        qos2.decide(4);
        assertThat(qos2.deciding(4)).isNotNull();
        qos2.decided(4, null);
        assertThat(qos2.unverified(4)).isNull();
        assertThat(qos2.deciding(4)).isNull();
        assertThat(qos2.ids()).as("still awaiting PUBREL").contains(4);

        InboundQos2 fresh = new InboundQos2("c", NoOps.INBOUND_QOS2_STORE);
        assertThat(fresh.begin(false, false, 8, 0, Runnable::run)).isCompleted();
        qos2.begin(false, true, 9, 600, Runnable::run);
        assertThat(calls).containsExactly("begin gen 8", "begin gen 9 clean");
    }

    @Test
    void aWriteOfUnknownFateLeavesItsIdUnverifiedAndOneNotForwardedForgetsIt() {
        qos2.keep(3, R, 600, 5);
        qos2.ids().add(3);
        qos2.decide(3);
        qos2.decided(3, R);
        assertThat(qos2.unverified(3)).isEqualTo(R);

        qos2.ids().add(6);
        qos2.decide(6);
        qos2.notForwarded(6);
        assertThat(qos2.ids()).containsExactly(3);
        assertThat(qos2.deciding(6)).isNull();
    }

    @Test
    void aSessionEndingAfterItBeganOnANewerGenerationRemovesOnlyWithItsOwn() {
        qos2.begin(true, false, 8, 600, Runnable::run);
        qos2.ended(true);
        assertThat(calls).containsExactly("begin gen 8", "removeAll gen 8");
    }

    @Test
    void idsFromAnEarlierConnectionCountAgainstReceiveMaximumOnlyOnceSentAgain() {
        qos2.begin(true, false, 8, 600, Runnable::run);
        qos2.ids().add(5);
        qos2.connectionBegins();
        assertThat(qos2.inFlightOnThisConnection()).isZero();

        qos2.sentAgain(4);
        qos2.ids().add(6);
        assertThat(qos2.inFlightOnThisConnection()).isEqualTo(2);
        qos2.removed(9);
        qos2.removed(6);
        assertThat(qos2.inFlightOnThisConnection()).isEqualTo(1);
        assertThat(qos2.ids()).containsExactlyInAnyOrder(4, 5);
    }

    @Test
    void aSessionResumedOnThisNodeTakesTheStoresIdsAndTrustsOnlyItsOwnTokens() {
        qos2.keep(4, new InboundQos2Store.Receipt(77, 1000, ""), 600, 5);
        qos2.keep(9, new InboundQos2Store.Receipt(55, 1000, ""), 600, 5);
        qos2.keep(12, new InboundQos2Store.Receipt(66, 1000, ""), 600, 5);
        qos2.ids().addAll(List.of(4, 9, 12));

        // the store now holds 4 (this node's token) and 9 (kept anew by another node): 12 was released there
        qos2.resume(8, 600, Runnable::run);

        assertThat(qos2.ids()).containsExactlyInAnyOrder(4, 9);
        assertThat(qos2.unverified(4)).isNull();
        assertThat(qos2.unverified(9)).isEqualTo(R);
    }

    @Test
    void aReleasedIdIsNoLongerUnverified() {
        qos2.begin(true, false, 8, 600, Runnable::run);
        qos2.release(9);
        assertThat(qos2.unverified(9)).isNull();
    }
}
