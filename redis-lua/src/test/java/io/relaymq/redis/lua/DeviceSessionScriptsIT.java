package io.relaymq.redis.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The persistent DEVICE session scripts on the real 3-master Redis Cluster. */
@ExtendWith(LocalStackExtension.class)
class DeviceSessionScriptsIT {

    private static final long DAY = 86_400;

    private final DeviceSessionScripts scripts = DeviceSessionScripts.load();
    private TestCluster cluster;
    private StatefulRedisClusterConnection<String, String> connection;
    private ScriptRunner<String, String> runner;

    @BeforeEach
    void connect(StackEndpoints stack) {
        cluster = new TestCluster(stack);
        connection = cluster.connection;
        runner = cluster.runner;
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    private static DeviceSessionKeys keys() {
        return DeviceSessionKeys.of("device-" + UUID.randomUUID());
    }

    /** Packet id and score pairs of a save without a byte limit. */
    private List<Long> save(DeviceSessionKeys k, int limit, long ttl, String... messages) throws Exception {
        List<Long> answer = saveWithin(k, limit, Long.MAX_VALUE / 2, ttl, messages);
        assertThat(answer.get(1)).as("nothing removed for the byte limit").isZero();
        return answer.subList(2, answer.size());
    }

    /** The whole answer: removed for the message limit, removed for the byte limit, packet id and score pairs. */
    private List<Long> saveWithin(DeviceSessionKeys k, int limit, long maxBytes, long ttl, String... messages)
            throws Exception {
        List<String> args = new ArrayList<>(List.of(Integer.toString(limit), Long.toString(maxBytes)));
        for (String m : messages) {
            args.add(Long.toString(ttl));
            args.add("");
            args.add(m);
        }
        return runner.<List<Long>>run(scripts.save(), ScriptOutputType.MULTI, allKeys(k), args.toArray(String[]::new))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    /** Packet id and score pairs of a save of (source, message) pairs; a source is "partition:offset" or "". */
    private List<Long> saveFrom(DeviceSessionKeys k, String... sourcesAndMessages) throws Exception {
        List<String> args = new ArrayList<>(List.of("100", Long.toString(Long.MAX_VALUE / 2)));
        for (int i = 0; i < sourcesAndMessages.length; i += 2) {
            args.add(Long.toString(DAY));
            args.add(sourcesAndMessages[i]);
            args.add(sourcesAndMessages[i + 1]);
        }
        List<Long> answer = runner.<List<Long>>run(
                        scripts.save(), ScriptOutputType.MULTI, allKeys(k), args.toArray(String[]::new))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        return answer.subList(2, answer.size());
    }

    private static String[] allKeys(DeviceSessionKeys k) {
        return new String[] {
            k.messages(),
            k.lastPacketId(),
            k.messagePrefix(),
            k.lastScore(),
            k.storedBytes(),
            k.storedSizes(),
            k.sources()
        };
    }

    private Long remove(DeviceSessionKeys k, String packetId, String score) throws Exception {
        return runner.<Long>run(
                        scripts.remove(),
                        ScriptOutputType.INTEGER,
                        new String[] {k.messages(), k.messagePrefix(), k.storedBytes(), k.storedSizes()},
                        packetId,
                        score)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private Long markPubrel(DeviceSessionKeys k, String packetId, String score, String marker) throws Exception {
        return runner.<Long>run(
                        scripts.markPubrel(),
                        ScriptOutputType.INTEGER,
                        new String[] {k.messages(), k.messagePrefix(), k.storedBytes(), k.storedSizes()},
                        packetId,
                        score,
                        marker)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private Long removeAll(DeviceSessionKeys k) throws Exception {
        return runner.<Long>run(scripts.removeAll(), ScriptOutputType.INTEGER, allKeys(k))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private long storedBytes(DeviceSessionKeys k) {
        String value = connection.sync().get(k.storedBytes());
        return value == null ? 0 : Long.parseLong(value);
    }

    /** Packet id and message pairs in stored order (scores left out). */
    private List<String> fetch(DeviceSessionKeys k) throws Exception {
        List<String> triples = fetchPage(k, 0, 100_000);
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < triples.size(); i += 3) {
            pairs.add(triples.get(i));
            pairs.add(triples.get(i + 2));
        }
        return pairs;
    }

    /** Packet id, score, message triples of one page. */
    private List<String> fetchPage(DeviceSessionKeys k, long afterScore, int limit) throws Exception {
        return runner.<List<String>>run(
                        scripts.fetch(),
                        ScriptOutputType.MULTI,
                        new String[] {k.messages(), k.messagePrefix(), k.storedBytes(), k.storedSizes()},
                        Long.toString(afterScore),
                        Integer.toString(limit))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    @Test
    void messagesGetPacketIdsAndComeBackInPublishOrder() throws Exception {
        DeviceSessionKeys k = keys();
        assertThat(save(k, 100, DAY, "a", "b")).as("packet id, score pairs").containsExactly(1L, 1L, 2L, 2L);
        assertThat(save(k, 100, DAY, "c")).containsExactly(3L, 3L);
        assertThat(fetch(k)).containsExactly("1", "a", "2", "b", "3", "c");
        assertThat(connection.sync().get(k.lastPacketId())).isEqualTo("3");
        assertThat(connection.sync().ttl(k.message(1))).isBetween(DAY - 10, DAY);
    }

    @Test
    void orderHoldsAcrossThePacketIdWrap() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "first");
        remove(k, "1", "1");
        connection.sync().set(k.lastPacketId(), "65533");
        assertThat(save(k, 100, DAY, "w1", "w2", "w3", "w4")).containsExactly(65534L, 2L, 65535L, 3L, 1L, 4L, 2L, 5L);
        assertThat(fetch(k)).containsExactly("65534", "w1", "65535", "w2", "1", "w3", "2", "w4");
        assertThat(connection.sync().zscore(k.messages(), "2"))
                .isGreaterThan(connection.sync().zscore(k.messages(), "65535"));
    }

    /** A session's cursor is a score: a score must never come back, even when everything was acknowledged. */
    @Test
    void scoresKeepGrowingAfterEveryMessageWasRemoved() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "a");
        remove(k, "1", "1");
        assertThat(connection.sync().exists(k.messages())).as("the set is gone").isZero();
        assertThat(save(k, 100, DAY, "b")).containsExactly(2L, 2L);
    }

    @Test
    void theOldestMessagesBeyondTheLimitAreTrimmed() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 5, DAY, "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8");
        assertThat(fetch(k)).containsExactly("4", "m4", "5", "m5", "6", "m6", "7", "m7", "8", "m8");
        assertThat(connection.sync().exists(k.message(1), k.message(2), k.message(3)))
                .isZero();
        assertThat(connection.sync().zcard(k.messages())).isEqualTo(5);
    }

    @Test
    void theOldestMessagesBeyondTheLimitAreTrimmedAndCounted() throws Exception {
        DeviceSessionKeys k = keys();
        assertThat(saveWithin(k, 3, 1000, DAY, "m1", "m2", "m3", "m4", "m5").subList(0, 2))
                .as("removed for the message limit, for the byte limit")
                .containsExactly(2L, 0L);
        assertThat(storedBytes(k)).isEqualTo(6);
        assertThat(connection.sync().hkeys(k.storedSizes())).containsExactlyInAnyOrder("3", "4", "5");
    }

    /** The byte limit: the oldest go until the stored values fit, whatever their number. */
    @Test
    void theOldestMessagesBeyondTheByteLimitAreRemovedAndTheNewestAlwaysStays() throws Exception {
        DeviceSessionKeys k = keys();
        String ten = "x".repeat(10);
        assertThat(saveWithin(k, 100, 35, DAY, ten + 1, ten + 2, ten + 3).subList(0, 2))
                .containsExactly(0L, 0L);
        assertThat(storedBytes(k)).isEqualTo(33);

        assertThat(saveWithin(k, 100, 35, DAY, ten + 4, ten + 5).subList(0, 2)).containsExactly(0L, 2L);
        assertThat(fetch(k)).containsExactly("3", ten + 3, "4", ten + 4, "5", ten + 5);
        assertThat(storedBytes(k)).isEqualTo(33);
        assertThat(connection.sync().exists(k.message(1), k.message(2))).isZero();
        assertThat(connection.sync().hkeys(k.storedSizes())).containsExactlyInAnyOrder("3", "4", "5");

        String big = "y".repeat(100);
        assertThat(saveWithin(k, 100, 35, DAY, big).subList(0, 2))
                .as("everything older goes, the big one stays")
                .containsExactly(0L, 3L);
        assertThat(fetch(k)).containsExactly("6", big);
        assertThat(storedBytes(k)).isEqualTo(100);
    }

    /** Every script that removes or shrinks a stored message keeps the byte count exact. */
    @Test
    void theByteCountFollowsRemovalsPubrelMarkersExpiryAndRemoveAll() throws Exception {
        DeviceSessionKeys k = keys();
        saveWithin(k, 100, 1000, DAY, "aaaa", "bbbb", "cccc");
        saveWithin(k, 100, 1000, 1, "dddd");
        assertThat(storedBytes(k)).isEqualTo(16);
        remove(k, "1", "1");
        assertThat(storedBytes(k)).isEqualTo(12);
        markPubrel(k, "2", "2", "P");
        assertThat(storedBytes(k)).isEqualTo(9);
        await().atMost(Duration.ofSeconds(10)).until(() -> connection.sync().exists(k.message(4)) == 0);
        assertThat(fetch(k)).containsExactly("2", "P", "3", "cccc");
        assertThat(storedBytes(k))
                .as("the expired reference was cleaned with its bytes")
                .isEqualTo(5);
        removeAll(k);
        assertThat(connection.sync().exists(k.storedBytes(), k.storedSizes())).isZero();
    }

    /** A router crash re-routes msg.all from the committed offset: the copies must not be stored twice. */
    @Test
    void copiesRoutedAgainFromTheSameSourceOffsetsAreStoredOnce() throws Exception {
        DeviceSessionKeys k = keys();
        assertThat(saveFrom(k, "0:10", "a", "1:5", "b", "0:11", "c")).containsExactly(1L, 1L, 2L, 2L, 3L, 3L);
        assertThat(saveFrom(k, "0:10", "a", "1:5", "b", "0:11", "c", "0:12", "d", "1:6", "e"))
                .as("the replayed three are skipped (0, 0), the new two stored")
                .containsExactly(0L, 0L, 0L, 0L, 0L, 0L, 4L, 4L, 5L, 5L);
        assertThat(fetch(k)).containsExactly("1", "a", "2", "b", "3", "c", "4", "d", "5", "e");
        assertThat(connection.sync().hgetall(k.sources()))
                .containsEntry("0", "12")
                .containsEntry("1", "6");
    }

    @Test
    void messagesWithoutASourceAreNeverSkippedAndAnotherClientHasItsOwnMarks() throws Exception {
        DeviceSessionKeys k = keys();
        DeviceSessionKeys other = keys();
        saveFrom(k, "0:10", "a", "", "retained");
        assertThat(saveFrom(k, "", "retained", "0:9", "old")).containsExactly(3L, 3L, 0L, 0L);
        assertThat(saveFrom(other, "0:10", "a")).as("marks are per client").containsExactly(1L, 1L);
        assertThat(fetch(k)).containsExactly("1", "a", "2", "retained", "3", "retained");
    }

    @Test
    void removeAllForgetsTheMarks() throws Exception {
        DeviceSessionKeys k = keys();
        saveFrom(k, "0:10", "a");
        removeAll(k);
        assertThat(connection.sync().exists(k.sources())).isZero();
        assertThat(saveFrom(k, "0:10", "a"))
                .as("a new session starts without marks")
                .containsExactly(1L, 1L);
    }

    @Test
    void expiredMessagesDisappearAndTheirReferencesAreCleanedOnFetch() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, 1, "short");
        save(k, 100, DAY, "long");
        await().atMost(Duration.ofSeconds(10)).until(() -> connection.sync().exists(k.message(1)) == 0);
        assertThat(fetch(k)).containsExactly("2", "long");
        assertThat(connection.sync().zrange(k.messages(), 0, -1)).containsExactly("2");
    }

    @Test
    void pubrelMarkingReplacesTheMessageKeepsItsTtlAndSurvivesAReconnect() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "qos2");
        Long marked = markPubrel(k, "1", "1", "PUBREL");
        Long unknown = markPubrel(k, "9", "9", "PUBREL");
        assertThat(marked).isEqualTo(1L);
        assertThat(unknown).isZero();
        assertThat(fetch(k)).containsExactly("1", "PUBREL");
        assertThat(connection.sync().ttl(k.message(1))).isBetween(DAY - 10, DAY);
        assertThat(connection.sync().exists(k.message(9))).isZero();
    }

    @Test
    void oneMessageOrAllOfThemAreRemoved() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "x", "y", "z");
        Long removed = remove(k, "2", "2");
        assertThat(removed).isEqualTo(1L);
        assertThat(fetch(k)).containsExactly("1", "x", "3", "z");
        Long all = removeAll(k);
        assertThat(all).isEqualTo(2L);
        assertThat(connection.sync().exists(k.messages(), k.lastPacketId(), k.lastScore(), k.message(1), k.message(3)))
                .isZero();
        assertThat(save(k, 100, DAY, "again"))
                .as("ids start over after remove-all")
                .containsExactly(1L, 1L);
    }

    @Test
    void pagesFollowTheScoreAndSkipExpiredReferencesWithoutShrinking() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "p1", "p2");
        save(k, 100, 1, "gone3", "gone4");
        save(k, 100, DAY, "p5", "p6", "p7");
        await().atMost(Duration.ofSeconds(10)).until(() -> connection.sync().exists(k.message(3), k.message(4)) == 0);
        assertThat(fetchPage(k, 0, 2)).containsExactly("1", "1", "p1", "2", "2", "p2");
        assertThat(fetchPage(k, 2, 2))
                .as("expired 3 and 4 skipped, the page still full")
                .containsExactly("5", "5", "p5", "6", "6", "p6");
        assertThat(fetchPage(k, 6, 2)).containsExactly("7", "7", "p7");
        assertThat(fetchPage(k, 7, 2)).isEmpty();
        assertThat(connection.sync().zrange(k.messages(), 0, -1)).containsExactly("1", "2", "5", "6", "7");
    }

    @Test
    void markingSentTurnsOnlyNeverSentMessagesAndKeepsTheTtl() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "Nfirst", "Nsecond", "Nthird");
        markPubrel(k, "3", "3", "P");
        Long marked = runner.<Long>run(
                        scripts.markSent(),
                        ScriptOutputType.INTEGER,
                        new String[] {k.messages(), k.messagePrefix()},
                        "N",
                        "S",
                        "1",
                        "1",
                        "3",
                        "3",
                        "42",
                        "42")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(marked).isEqualTo(1L);
        assertThat(fetch(k)).containsExactly("1", "Sfirst", "2", "Nsecond", "3", "P");
        assertThat(connection.sync().exists(k.message(42))).isZero();
        assertThat(connection.sync().ttl(k.message(1))).isBetween(DAY - 10, DAY);
    }

    /**
     * Ids wrap while an old message is still stored (its client has not acknowledged it, e.g. a QoS 2
     * message waiting for PUBCOMP, while it acknowledged everything after it): the wrapped save skips
     * that id instead of overwriting the message.
     */
    @Test
    void aWrappedIdThatIsStillStoredIsSkippedNotOverwritten() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 100, DAY, "held", "acked");
        remove(k, "2", "2");
        connection.sync().set(k.lastPacketId(), "65534");
        assertThat(save(k, 100, DAY, "w1", "w2", "w3")).containsExactly(65535L, 3L, 2L, 4L, 3L, 5L);
        assertThat(fetch(k)).containsExactly("1", "held", "65535", "w1", "2", "w2", "3", "w3");
    }

    /**
     * A message trimmed for the limit while in flight: its id goes to a newer message. The late PUBACK
     * (or PUBREC, or a lost connection) of the trimmed one names its score and leaves the newer one alone.
     */
    @Test
    void anAcknowledgementOnlyTouchesTheMessageWithItsScore() throws Exception {
        DeviceSessionKeys k = keys();
        save(k, 1, DAY, "Nold");
        connection.sync().set(k.lastPacketId(), "65535");
        assertThat(saveWithin(k, 1, Long.MAX_VALUE / 2, DAY, "Nnew"))
                .as("the old one trimmed and counted, the new one gets id 1")
                .containsExactly(1L, 0L, 1L, 2L);

        assertThat(remove(k, "1", "1")).as("PUBACK of the old message").isZero();
        assertThat(markPubrel(k, "1", "1", "P")).as("PUBREC of the old message").isZero();
        Long marked = runner.<Long>run(
                        scripts.markSent(),
                        ScriptOutputType.INTEGER,
                        new String[] {k.messages(), k.messagePrefix()},
                        "N",
                        "S",
                        "1",
                        "1")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(marked).as("lost connection of the old message").isZero();
        assertThat(fetch(k)).containsExactly("1", "Nnew");

        assertThat(remove(k, "1", "2")).as("PUBACK of the new message").isEqualTo(1L);
        assertThat(fetch(k)).isEmpty();
    }

    /** At the largest limit every packet id is in use: the oldest message is dropped and counted, none overwritten. */
    @Test
    void atTheLimitOf65535TheOldestIsDroppedAndCountedBeforeItsIdIsReused() throws Exception {
        DeviceSessionKeys k = keys();
        for (int batch = 0; batch < 13; batch++) {
            String[] messages = new String[batch < 12 ? 5000 : 5535];
            Arrays.fill(messages, "m");
            save(k, 65_535, DAY, messages);
        }
        assertThat(connection.sync().zcard(k.messages())).isEqualTo(65_535);

        List<Long> answer = saveWithin(k, 65_535, Long.MAX_VALUE / 2, DAY, "newest");

        assertThat(answer)
                .as("one dropped for the limit, the new one gets id 1 at score 65536")
                .containsExactly(1L, 0L, 1L, 65_536L);
        assertThat(connection.sync().zcard(k.messages())).isEqualTo(65_535);
        assertThat(fetchPage(k, 0, 1))
                .as("the oldest left is the second message")
                .containsExactly("2", "2", "m");
        assertThat(fetchPage(k, 65_535, 1)).containsExactly("1", "65536", "newest");
        removeAll(k);
    }

    @Test
    void manyClientsOnDifferentSlotsInParallelKeepTheirOwnSequences() throws Exception {
        List<DeviceSessionKeys> clients = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            clients.add(keys());
        }
        Set<Integer> slots = new HashSet<>();
        List<CompletableFuture<?>> saves = new ArrayList<>();
        for (DeviceSessionKeys k : clients) {
            slots.add(connection.sync().clusterKeyslot(k.messages()).intValue());
            for (int batch = 0; batch < 5; batch++) {
                String[] args = {
                    "1000",
                    "1000000",
                    Long.toString(DAY),
                    "",
                    "m" + batch + "a",
                    Long.toString(DAY),
                    "",
                    "m" + batch + "b"
                };
                saves.add(runner.run(scripts.save(), ScriptOutputType.MULTI, allKeys(k), args)
                        .toCompletableFuture());
            }
        }
        CompletableFuture.allOf(saves.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        assertThat(slots.size()).as("spread over the cluster").isGreaterThan(10);
        for (DeviceSessionKeys k : clients) {
            List<String> stored = fetch(k);
            assertThat(stored).hasSize(20);
            assertThat(stored.get(0)).isEqualTo("1");
            assertThat(stored.get(18)).isEqualTo("10");
            assertThat(stored.get(19)).isEqualTo("m4b");
            assertThat(stored)
                    .as("each client's messages in its own order")
                    .containsSubsequence("m0a", "m0b", "m1a", "m1b", "m2a", "m2b", "m3a", "m3b", "m4a", "m4b");
        }
    }
}
