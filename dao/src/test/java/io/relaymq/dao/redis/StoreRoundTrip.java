package io.relaymq.dao.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.dao.device.DeviceMessageStore;
import io.relaymq.dao.device.NewMessage;
import io.relaymq.dao.device.SavedMessage;
import io.relaymq.dao.device.StoredKind;
import io.relaymq.dao.device.StoredMessage;
import io.relaymq.dao.inbound.ReceivedQos2Ids;
import io.relaymq.redis.lua.DeviceSessionScripts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * What the broker does with Redis for persistent sessions, through one connector of any connection type: the
 * device message store's save, read and acknowledge path (script load, EVALSHA, the EVAL fallback after SCRIPT
 * FLUSH, batched writes), and the inbound QoS 2 ids (scripts and plain hash commands).
 */
final class StoreRoundTrip {

    private static final long DAY = 86_400;

    private StoreRoundTrip() {}

    static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Saves, reads and acknowledges messages of one client; {@code batch} commands are written together. */
    static void saveReadAcknowledge(RedisConnector connector, int batch) throws Exception {
        try (CommandBatcher batcher = new CommandBatcher(connector.connectBinary(), batch, Duration.ofMillis(2))) {
            DeviceMessageStore store = new DeviceMessageStore(batcher, DeviceSessionScripts.load(), 100);
            await(store.loadScripts());
            String client = "round-trip-" + UUID.randomUUID();
            assertThat(await(store.save(client, List.of(message("a"), message("b"), message("c")))))
                    .containsExactly(new SavedMessage(1, 1), new SavedMessage(2, 2), new SavedMessage(3, 3));
            assertThat(await(store.markSent(client, List.of(new SavedMessage(1, 1)))))
                    .isEqualTo(1L);
            assertThat(await(store.markPubrel(client, 2, 2))).isTrue();
            List<StoredMessage> stored = await(store.fetch(client, 0, 10));
            assertThat(stored)
                    .extracting(StoredMessage::kind)
                    .containsExactly(StoredKind.SENT, StoredKind.PUBREL, StoredKind.NEW);
            assertThat(new String(stored.get(2).payload(), StandardCharsets.UTF_8))
                    .isEqualTo("c");
            assertThat(await(store.remove(client, 1, 1))).as("PUBACK").isTrue();

            await(batcher.submit(c -> c.scriptFlush()));
            assertThat(await(store.save(client, List.of(message("after-flush")))))
                    .as("EVAL when the script is gone")
                    .containsExactly(new SavedMessage(4, 4));
            assertThat(await(store.fetch(client, 2, 10)))
                    .extracting(StoredMessage::packetId)
                    .containsExactly(3, 4);
            assertThat(await(store.removeAll(client))).isEqualTo(3L);
            assertThat(await(store.fetch(client, 0, 10))).isEmpty();

            manyClientsAtOnce(store);
            inboundQos2Ids(batcher);
        }
    }

    private static void manyClientsAtOnce(DeviceMessageStore store) throws Exception {
        List<String> clients = new ArrayList<>();
        List<CompletableFuture<List<SavedMessage>>> saves = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String client = "round-trip-" + UUID.randomUUID();
            clients.add(client);
            saves.add(store.save(client, List.of(message(client + "-1"), message(client + "-2")))
                    .toCompletableFuture());
        }
        CompletableFuture.allOf(saves.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        for (String client : clients) {
            assertThat(await(store.fetch(client, 0, 10)))
                    .extracting(m -> new String(m.payload(), StandardCharsets.UTF_8))
                    .containsExactly(client + "-1", client + "-2");
            await(store.removeAll(client));
        }
    }

    private static void inboundQos2Ids(CommandBatcher batcher) throws Exception {
        ReceivedQos2Ids ids = new ReceivedQos2Ids(batcher, DeviceSessionScripts.load());
        String client = "round-trip-" + UUID.randomUUID();
        assertThat(await(ids.begin(client, 1, true, 60))).isEmpty();
        ReceivedQos2Ids.Receipt receipt = new ReceivedQos2Ids.Receipt(42, 1_000, "node-1");
        assertThat(await(ids.receive(client, 7, receipt, 1, 60))).isTrue();
        assertThat(await(ids.receipt(client, 7))).isEqualTo(receipt);
        await(ids.expireIn(client, 60));
        await(ids.remove(client, 7));
        assertThat(await(ids.receipt(client, 7))).isNull();
        await(ids.removeAll(client, 1));
    }

    private static NewMessage message(String text) {
        return new NewMessage(text.getBytes(StandardCharsets.UTF_8), DAY);
    }
}
