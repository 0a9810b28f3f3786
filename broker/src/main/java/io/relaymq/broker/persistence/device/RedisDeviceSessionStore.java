package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.dao.device.DeviceMessageStore;
import io.relaymq.dao.device.SavedMessage;
import io.relaymq.dao.device.StoredKind;
import io.relaymq.dao.device.StoredMessage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The persistent DEVICE sessions' store on Redis Cluster, through {@link DeviceMessageStore}. */
public class RedisDeviceSessionStore implements DeviceSessionStore {

    private static final Logger log = LoggerFactory.getLogger(RedisDeviceSessionStore.class);

    private final DeviceMessageStore store;
    private final MqttMetrics metrics;

    public RedisDeviceSessionStore(DeviceMessageStore store, MqttMetrics metrics) {
        this.store = store;
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<List<PersistedMessage>> startReading(String clientId, boolean present, int max) {
        CompletionStage<?> before = present ? CompletableFuture.completedFuture(null) : store.removeAll(clientId);
        return before.thenCompose(x -> fetch(clientId, 0, max));
    }

    @Override
    public CompletionStage<List<PersistedMessage>> fetch(String clientId, long afterScore, int max) {
        return store.fetch(clientId, afterScore, max).thenApply(stored -> decode(clientId, stored));
    }

    private List<PersistedMessage> decode(String clientId, List<StoredMessage> stored) {
        List<PersistedMessage> messages = new ArrayList<>(stored.size());
        for (StoredMessage s : stored) {
            if (s.kind() == StoredKind.PUBREL) {
                messages.add(new PersistedMessage(s.packetId(), s.score(), PersistedMessage.State.RELEASED, null));
                continue;
            }
            try {
                messages.add(new PersistedMessage(
                        s.packetId(),
                        s.score(),
                        s.kind() == StoredKind.SENT ? PersistedMessage.State.SENT : PersistedMessage.State.NEW,
                        OutboundMessageCodec.decode(s.payload())));
            } catch (RuntimeException e) {
                log.warn("[{}] dropping unreadable stored message {}", clientId, s.packetId(), e);
                metrics.dropped("unreadable", 1);
                remove(clientId, s.packetId(), s.score());
            }
        }
        return messages;
    }

    @Override
    public void remove(String clientId, int packetId, long score) {
        logFailure(clientId, "remove message " + packetId, store.remove(clientId, packetId, score));
    }

    @Override
    public CompletionStage<Boolean> markPubrel(String clientId, int packetId, long score) {
        return store.markPubrel(clientId, packetId, score);
    }

    @Override
    public void markSent(String clientId, Collection<PersistedMessage> messages) {
        List<SavedMessage> sent = messages.stream()
                .map(m -> new SavedMessage(m.packetId(), m.score()))
                .toList();
        logFailure(clientId, "mark messages sent", store.markSent(clientId, sent));
    }

    @Override
    public void removeAll(String clientId) {
        logFailure(clientId, "remove all stored messages", store.removeAll(clientId));
    }

    private static void logFailure(String clientId, String what, CompletionStage<?> call) {
        call.whenComplete((r, e) -> {
            if (e != null) {
                log.warn("[{}] could not {} in Redis: {}", clientId, what, e.getMessage());
            }
        });
    }
}
