package io.relaymq.broker.persistence.device;

import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.dao.inbound.ReceivedQos2Ids;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** Inbound QoS 2 state of persistent sessions in Redis Cluster, beside the sessions' stored messages. */
public class RedisInboundQos2Store implements InboundQos2Store {

    private final ReceivedQos2Ids ids;

    public RedisInboundQos2Store(ReceivedQos2Ids ids) {
        this.ids = ids;
    }

    @Override
    public CompletionStage<Boolean> received(String clientId, int packetId, Receipt receipt, long generation,
                                             long ttlSeconds) {
        return ids.receive(clientId, packetId, new ReceivedQos2Ids.Receipt(receipt.token(), receipt.keptAtMillis()),
                generation, ttlSeconds);
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
    public CompletionStage<Map<Integer, Receipt>> begin(String clientId, long generation, boolean clean, long ttlSeconds) {
        return ids.begin(clientId, generation, clean, ttlSeconds).thenApply(kept -> {
            Map<Integer, Receipt> receipts = new HashMap<>();
            kept.forEach((id, r) -> receipts.put(id, new Receipt(r.token(), r.keptAtMillis())));
            return receipts;
        });
    }

    @Override
    public CompletionStage<Void> removeAll(String clientId) {
        return ids.removeAll(clientId);
    }
}
