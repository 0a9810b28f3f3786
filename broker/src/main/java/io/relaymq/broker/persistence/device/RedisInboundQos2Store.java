package io.relaymq.broker.persistence.device;

import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.dao.inbound.ReceivedQos2Ids;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/** Inbound QoS 2 state of persistent sessions in Redis Cluster, beside the sessions' stored messages. */
public class RedisInboundQos2Store implements InboundQos2Store {

    private final ReceivedQos2Ids ids;

    public RedisInboundQos2Store(ReceivedQos2Ids ids) {
        this.ids = ids;
    }

    @Override
    public CompletionStage<Void> received(String clientId, int packetId, long ttlSeconds) {
        return ids.add(clientId, packetId, ttlSeconds);
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
    public CompletionStage<Set<Integer>> load(String clientId) {
        return ids.all(clientId);
    }

    @Override
    public CompletionStage<Void> removeAll(String clientId) {
        return ids.removeAll(clientId);
    }
}
