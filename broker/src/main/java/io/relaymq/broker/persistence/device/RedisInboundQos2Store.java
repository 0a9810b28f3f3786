package io.relaymq.broker.persistence.device;

import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.dao.inbound.ReceivedQos2Ids;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Inbound QoS 2 state of persistent sessions in Redis Cluster, beside the sessions' stored messages. Every id it
 * keeps names this node as its keeper, so that a node reading it later can tell whether the keeper is still
 * running (its Kafka write may still land) or gone.
 */
public class RedisInboundQos2Store implements InboundQos2Store {

    private final ReceivedQos2Ids ids;
    private final String nodeId;

    public RedisInboundQos2Store(ReceivedQos2Ids ids, String nodeId) {
        this.ids = ids;
        this.nodeId = nodeId;
    }

    @Override
    public CompletionStage<Boolean> received(
            String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds) {
        return ids.receive(
                clientId,
                packetId,
                new ReceivedQos2Ids.Receipt(receipt.token(), receipt.keptAtMillis(), nodeId),
                generation,
                ttlSeconds);
    }

    @Override
    public CompletionStage<Void> released(String clientId, int packetId) {
        return ids.remove(clientId, packetId);
    }

    @Override
    public CompletionStage<Void> keep(String clientId, long ttlSeconds) {
        return ids.expireIn(clientId, ttlSeconds);
    }

    @Override
    public CompletionStage<Map<Integer, Receipt>> begin(
            String clientId, long generation, boolean clean, long ttlSeconds) {
        return ids.begin(clientId, generation, clean, ttlSeconds).thenApply(kept -> {
            Map<Integer, Receipt> receipts = new HashMap<>();
            kept.forEach((id, r) -> receipts.put(id, new Receipt(r.token(), r.keptAtMillis(), r.keptBy())));
            return receipts;
        });
    }

    @Override
    public CompletionStage<Receipt> receipt(String clientId, int packetId) {
        return ids.receipt(clientId, packetId)
                .thenApply(r -> r == null ? null : new Receipt(r.token(), r.keptAtMillis(), r.keptBy()));
    }

    @Override
    public CompletionStage<Void> settle(String clientId, Map<Integer, Long> tokens) {
        return ids.settle(clientId, nodeId, tokens);
    }

    @Override
    public CompletionStage<Void> removeAll(String clientId, long generation) {
        return ids.removeAll(clientId, generation);
    }
}
