package io.relaymq.dao.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.dao.redis.RedisConnector;
import io.relaymq.dao.redis.RedisSettings;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import io.relaymq.redis.lua.DeviceSessionScripts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The device message store over batched script calls on the real Redis Cluster. */
@ExtendWith(LocalStackExtension.class)
class DeviceMessageStoreIT {

    private static final long DAY = 86_400;

    private RedisConnector connector;
    private CommandBatcher batcher;
    private DeviceMessageStore store;

    @BeforeEach
    void connect(StackEndpoints stack) {
        connector = new RedisConnector(RedisSettings.cluster(
                RedisSettings.parseNodes(stack.redisNodes()),
                "",
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Duration.ofSeconds(10)));
        // a batch bigger than any test sends: every single call relies on the delay flush
        batcher = new CommandBatcher(connector.connectBinary(), 1000, Duration.ofMillis(2));
        store = new DeviceMessageStore(batcher, DeviceSessionScripts.load(), 100);
    }

    @AfterEach
    void close() {
        batcher.close();
        connector.close();
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static NewMessage message(String text) {
        return new NewMessage(text.getBytes(StandardCharsets.UTF_8), DAY);
    }

    private static String text(StoredMessage m) {
        return new String(m.payload(), StandardCharsets.UTF_8);
    }

    @Test
    void countFollowsSavesAndRemovalsAndIsZeroForAnUnknownClient() throws Exception {
        String client = "count-" + UUID.randomUUID();
        await(store.loadScripts());
        assertThat(await(store.count(client))).isZero();
        await(store.save(client, List.of(message("a"), message("b"), message("c"))));
        assertThat(await(store.count(client))).isEqualTo(3L);
        assertThat(await(store.remove(client, 1, 1))).isTrue();
        assertThat(await(store.count(client))).isEqualTo(2L);
        await(store.removeAll(client));
        assertThat(await(store.count(client))).isZero();
    }

    @Test
    void savedMessagesComeBackWithTheirKindScoreAndPayload() throws Exception {
        String client = "store-" + UUID.randomUUID();
        await(store.loadScripts());
        assertThat(await(store.save(client, List.of(message("a"), message("b"), message("c")))))
                .containsExactly(new SavedMessage(1, 1), new SavedMessage(2, 2), new SavedMessage(3, 3));
        assertThat(await(store.markSent(client, List.of(new SavedMessage(1, 1), new SavedMessage(2, 2)))))
                .isEqualTo(2L);
        assertThat(await(store.markPubrel(client, 2, 2))).isTrue();
        List<StoredMessage> stored = await(store.fetch(client, 0, 10));
        assertThat(stored)
                .extracting(StoredMessage::kind)
                .containsExactly(StoredKind.SENT, StoredKind.PUBREL, StoredKind.NEW);
        assertThat(text(stored.get(0))).isEqualTo("a");
        assertThat(stored.get(1).payload()).isEmpty();
        assertThat(stored).extracting(StoredMessage::score).containsExactly(1L, 2L, 3L);
        assertThat(await(store.fetch(client, 1, 1)))
                .extracting(StoredMessage::packetId)
                .containsExactly(2);
        assertThat(await(store.remove(client, 1, 1))).isTrue();
        assertThat(await(store.remove(client, 1, 1))).isFalse();
        assertThat(await(store.removeAll(client))).isEqualTo(2L);
        assertThat(await(store.fetch(client, 0, 10))).isEmpty();
    }

    /** Messages for a connected client are stored as sent on arrival: a mark would find nothing to change. */
    @Test
    void messagesSavedAsSentComeBackSentAndNeedNoMark() throws Exception {
        String client = "store-" + UUID.randomUUID();
        await(store.loadScripts());
        assertThat(await(store.save(client, List.of(message("a"), message("b")), StoredKind.SENT)))
                .containsExactly(new SavedMessage(1, 1), new SavedMessage(2, 2));
        assertThat(await(store.fetch(client, 0, 10)))
                .extracting(StoredMessage::kind)
                .containsExactly(StoredKind.SENT, StoredKind.SENT);
        assertThat(text(await(store.fetch(client, 0, 1)).get(0))).isEqualTo("a");
        assertThat(await(store.markSent(client, List.of(new SavedMessage(1, 1)))))
                .isZero();
        assertThatThrownBy(() -> store.save(client, List.of(message("c")), StoredKind.PUBREL))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void binaryPayloadsSurviveUnchanged() throws Exception {
        String client = "store-" + UUID.randomUUID();
        byte[] payload = new byte[256];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) i;
        }
        await(store.save(client, List.of(new NewMessage(payload, DAY))));
        assertThat(await(store.fetch(client, 0, 1)).get(0).payload()).isEqualTo(payload);
    }

    @Test
    void scriptsFlushedFromRedisAreSentAgainThroughTheBatch() throws Exception {
        String client = "store-" + UUID.randomUUID();
        await(batcher.submit(c -> c.scriptFlush()));
        assertThat(await(store.save(client, List.of(message("after-flush"))))).hasSize(1);
        assertThat(await(store.fetch(client, 0, 10)))
                .extracting(DeviceMessageStoreIT::text)
                .containsExactly("after-flush");
    }

    /** Like the persistence consumer: many clients at once, one save per client in flight at a time. */
    @Test
    void manyConcurrentCallsAreBatchedAndEachClientKeepsItsOrder() throws Exception {
        List<String> clients = new ArrayList<>();
        List<CompletableFuture<?>> saves = new ArrayList<>();
        for (int c = 0; c < 50; c++) {
            String client = "store-" + UUID.randomUUID();
            clients.add(client);
            CompletionStage<?> chain = CompletableFuture.completedFuture(null);
            for (int m = 0; m < 20; m++) {
                NewMessage next = message(client + "#" + m);
                chain = chain.thenCompose(previous -> store.save(client, List.of(next)));
            }
            saves.add(chain.toCompletableFuture());
        }
        CompletableFuture.allOf(saves.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        for (String client : clients) {
            List<StoredMessage> stored = await(store.fetch(client, 0, 100));
            assertThat(stored)
                    .extracting(DeviceMessageStoreIT::text)
                    .containsExactly(IntStream.range(0, 20)
                            .mapToObj(m -> client + "#" + m)
                            .toArray(String[]::new));
        }
    }

    @Test
    void aLimitAbovePacketIdSpaceIsRefused() {
        assertThatThrownBy(() -> new DeviceMessageStore(batcher, DeviceSessionScripts.load(), 65_536))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("65535");
    }
}
