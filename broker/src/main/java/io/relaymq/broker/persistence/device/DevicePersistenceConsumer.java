package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.kafka.Batch;
import io.relaymq.broker.kafka.ConsumerLoop.RetryBatch;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.GroupConsumers;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.RouteSource;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.dao.device.DeviceMessageStore;
import io.relaymq.dao.device.NewMessage;
import io.relaymq.dao.device.SavedMessage;
import io.relaymq.dao.device.StoredKind;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The consumers of {@code relaymq.msg.persisted} (one group across all nodes). Each poll is grouped by
 * client; each client's messages are saved with one script call, all clients of the poll at once.
 * Offsets are committed only after Redis confirmed every save of the poll; then the messages go to
 * their connected sessions. When Redis fails or is too slow, the poll is read again after a pause
 * (the saves that did succeed are then recognised by their {@link RouteSource} and not stored again; a
 * message without a source is saved twice: at least once, never lost). A copy the store recognised as
 * routed again (after a router crash) is not delivered either.
 */
public class DevicePersistenceConsumer extends GroupConsumers {

    private final DevicePersistenceProperties settings;
    private final DeviceMessageStore store;
    private final PersistedDelivery delivery;
    private final MqttMetrics metrics;
    private final Clock clock;

    public DevicePersistenceConsumer(
            DevicePersistenceProperties settings,
            KafkaClients clients,
            ConsumerLoops loops,
            DeviceMessageStore store,
            PersistedDelivery delivery,
            MqttMetrics metrics,
            Clock clock) {
        super(
                clients,
                loops,
                "msg-persisted",
                settings.kafka().topic(),
                settings.kafka().consumerGroup(),
                settings.kafka().consumers(),
                settings.kafka().maxPollRecords());
        this.settings = settings;
        this.store = store;
        this.delivery = delivery;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** One client's share of a poll: the messages to save and their encoded form as stored. */
    private record ClientBatch(List<NewMessage> messages, List<byte[]> stored) {
        ClientBatch() {
            this(new ArrayList<>(), new ArrayList<>());
        }
    }

    /**
     * A client's save in flight; {@code marked}: saved as sent already, because the client's session sends them
     * at once (no separate mark per message).
     */
    private record Save(ClientBatch batch, boolean marked, CompletableFuture<List<SavedMessage>> result) {}

    @Override
    protected void handle(Batch records) {
        Map<String, Save> saves = new LinkedHashMap<>();
        group(records).forEach((clientId, batch) -> {
            boolean marked = delivery.sendsAtOnce(clientId);
            StoredKind kind = marked ? StoredKind.SENT : StoredKind.NEW;
            saves.put(
                    clientId,
                    new Save(
                            batch,
                            marked,
                            store.save(clientId, batch.messages(), kind).toCompletableFuture()));
        });
        try {
            CompletableFuture.allOf(saves.values().stream().map(Save::result).toArray(CompletableFuture[]::new))
                    .get(settings.saveTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new RetryBatch("saving to Redis failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetryBatch("interrupted while saving to Redis", e);
        }
        saves.forEach((clientId, save) -> deliver(clientId, save.result().join(), save));
    }

    /** The saved messages to their session; copies the store skipped as replays are counted, not delivered. */
    private void deliver(String clientId, List<SavedMessage> saved, Save save) {
        List<byte[]> stored = save.batch().stored();
        List<SavedMessage> fresh = new ArrayList<>(saved.size());
        List<byte[]> freshStored = new ArrayList<>(saved.size());
        for (int i = 0; i < saved.size(); i++) {
            if (!saved.get(i).replayed()) {
                fresh.add(saved.get(i));
                freshStored.add(stored.get(i));
            }
        }
        if (fresh.size() < saved.size()) {
            metrics.dropped("replayed_duplicate", saved.size() - fresh.size());
        }
        if (!fresh.isEmpty()) {
            delivery.deliver(clientId, fresh, freshStored, save.marked());
        }
    }

    /** The poll by client; a record without a client id or message, or one that does not decode, is parked. */
    private Map<String, ClientBatch> group(Batch records) {
        long now = clock.millis();
        long defaultTtl = Math.max(1, settings.messageTtl().toSeconds());
        Map<String, ClientBatch> byClient = new LinkedHashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : records.records()) {
            Optional<OutboundMessage> decoded = records.attempt(record, DevicePersistenceConsumer::decode);
            if (decoded.isEmpty()) {
                continue;
            }
            OutboundMessage message = decoded.get();
            Long remaining = message.message().remainingExpirySeconds(now);
            if (message.message().isExpired(now)) {
                metrics.dropped("expired", 1);
                continue;
            }
            String clientId = new String(record.key(), StandardCharsets.UTF_8);
            ClientBatch batch = byClient.computeIfAbsent(clientId, c -> new ClientBatch());
            RouteSource source = RouteSource.from(record.headers());
            batch.messages()
                    .add(new NewMessage(
                            record.value(),
                            remaining == null ? defaultTtl : Math.max(1, remaining),
                            source == null ? -1 : source.partition(),
                            source == null ? -1 : source.offset()));
            batch.stored().add(record.value());
        }
        return byClient;
    }

    private static OutboundMessage decode(ConsumerRecord<byte[], byte[]> record) {
        if (record.key() == null || record.value() == null) {
            throw new IllegalArgumentException("a persisted record needs a client id and a message");
        }
        return OutboundMessageCodec.decode(record.value());
    }
}
