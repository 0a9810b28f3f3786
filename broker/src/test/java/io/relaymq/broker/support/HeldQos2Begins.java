package io.relaymq.broker.support;

import io.relaymq.broker.session.InboundQos2Store;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A store of QoS 2 packet ids whose answers to {@code begin} (read before a persistent session's CONNACK) wait until
 * the test releases them, in the order they were asked; everything else answers at once as {@link NoOps} does.
 */
public final class HeldQos2Begins implements InboundQos2Store {

    private final List<CompletableFuture<Map<Integer, Receipt>>> held = new CopyOnWriteArrayList<>();

    /** The begins asked so far. */
    public List<CompletableFuture<Map<Integer, Receipt>>> held() {
        return held;
    }

    /** Answers the {@code index}th begin (from 0) with no ids kept. */
    public void release(int index) {
        held.get(index).complete(Map.of());
    }

    @Override
    public CompletionStage<Map<Integer, Receipt>> begin(
            String clientId, long generation, boolean clean, long ttlSeconds) {
        CompletableFuture<Map<Integer, Receipt>> answer = new CompletableFuture<>();
        held.add(answer);
        return answer;
    }

    @Override
    public CompletionStage<Boolean> received(
            String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds) {
        return NoOps.INBOUND_QOS2_STORE.received(clientId, packetId, receipt, generation, ttlSeconds);
    }

    @Override
    public CompletionStage<Void> released(String clientId, int packetId) {
        return NoOps.INBOUND_QOS2_STORE.released(clientId, packetId);
    }

    @Override
    public CompletionStage<Void> keep(String clientId, long ttlSeconds) {
        return NoOps.INBOUND_QOS2_STORE.keep(clientId, ttlSeconds);
    }

    @Override
    public CompletionStage<Receipt> receipt(String clientId, int packetId) {
        return NoOps.INBOUND_QOS2_STORE.receipt(clientId, packetId);
    }

    @Override
    public CompletionStage<Void> settle(String clientId, Map<Integer, Long> tokens) {
        return NoOps.INBOUND_QOS2_STORE.settle(clientId, tokens);
    }

    @Override
    public CompletionStage<Void> removeAll(String clientId, long generation) {
        return NoOps.INBOUND_QOS2_STORE.removeAll(clientId, generation);
    }
}
