package io.relaymq.broker.persistence.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.ReferenceCountUtil;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.broker.session.PersistedMessage.State;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.support.NoOps;
import io.relaymq.broker.support.WrittenPackets;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a persistent DEVICE session sends, and when, given what the store answers: replay order, DUP
 * and PUBREL after a reconnect ([MQTT-4.4.0-1], [MQTT-3.3.1-1]), the Receive Maximum window
 * ([MQTT-3.3.4-9]), and catching up without gaps or duplicates. The store is a stand-in that answers
 * when the test says so; Redis itself is covered by the ITs.
 */
class DeviceOutboundTest {

    private static final int PAGE = 4;

    private final StoreStandIn store = new StoreStandIn();
    private final List<OutboundMessage> resubmitted = new ArrayList<>();
    private EmbeddedChannel channel;
    private ClientSession session;

    @BeforeEach
    void newSession() {
        channel = new EmbeddedChannel();
        MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());
        DevicePersistenceProperties settings = new DevicePersistenceProperties(
                100, Duration.ofDays(7), PAGE, 3, Duration.ofHours(1), Duration.ofSeconds(5), null, null);
        SessionContext context = NoOps.sessionContext(
                metrics,
                (s, c, p) -> new DeviceOutbound(
                        s,
                        store,
                        (clientId, app, m) -> resubmitted.add(m),
                        c.writer(),
                        c.maxInflightOutbound(),
                        settings));
        session = new ClientSession("dev", channel.eventLoop(), context, true);
    }

    private MqttConnection connect(int receiveMaximum, boolean present) {
        return connect(MqttVersion.MQTT_3_1_1, receiveMaximum, present);
    }

    private MqttConnection connect(MqttVersion version, int receiveMaximum, boolean present) {
        MqttConnection connection = new MqttConnection(channel, version, "dev", receiveMaximum, 1 << 20, 0);
        session.attach(connection, present);
        return connection;
    }

    private static PersistedMessage stored(int packetId, long score, State state, int qos) {
        PublishedMessage m = new PublishedMessage(
                "t",
                qos,
                false,
                ("m" + score).getBytes(StandardCharsets.UTF_8),
                "pub",
                System.currentTimeMillis(),
                MessageProperties.NONE);
        return new PersistedMessage(
                packetId, score, state, state == State.RELEASED ? null : new OutboundMessage(m, qos, false, List.of()));
    }

    private List<String> written() {
        return WrittenPackets.readFrom(channel);
    }

    @Test
    void aReconnectSendsStoredMessagesInOrderWithDupAndPubrelAsTheyStood() {
        connect(100, true);
        store.answerRead(
                List.of(stored(7, 1, State.SENT, 1), stored(8, 2, State.RELEASED, 2), stored(9, 3, State.NEW, 1)));

        assertThat(written()).containsExactly("PUBLISH 7 m1 DUP", "PUBREL 8", "PUBLISH 9 m3");
    }

    @Test
    void messagesSavedWhileReadingAreMatchedByScoreSoNoneIsSentTwiceOrSkipped() {
        connect(100, true);
        session.deliverPersisted(stored(2, 2, State.NEW, 1));
        session.deliverPersisted(stored(3, 3, State.NEW, 1));
        assertThat(written()).as("nothing before the stored ones").isEmpty();

        store.answerRead(List.of(stored(1, 1, State.NEW, 1), stored(2, 2, State.NEW, 1)));

        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2", "PUBLISH 3 m3");
        session.deliverPersisted(stored(4, 4, State.NEW, 1));
        assertThat(written()).containsExactly("PUBLISH 4 m4");
        assertThat(store.reads).as("caught up: no further read").hasSize(1);
    }

    @Test
    void theClientsReceiveMaximumBoundsWhatIsInFlight() {
        connect(2, true);
        store.answerRead(List.of(stored(1, 1, State.NEW, 1), stored(2, 2, State.NEW, 1), stored(3, 3, State.NEW, 1)));
        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2");

        session.onPubAck(1);

        assertThat(written()).containsExactly("PUBLISH 3 m3");
        assertThat(store.removed).containsExactly(1);
    }

    @Test
    void aFullPageOrAGapInTheLiveSequenceReadsRedisAgainFromTheLastScore() {
        connect(100, true);
        store.answerRead(List.of(
                stored(1, 1, State.NEW, 1),
                stored(2, 2, State.NEW, 1),
                stored(3, 3, State.NEW, 1),
                stored(4, 4, State.NEW, 1)));
        assertThat(store.reads).containsExactly(0L, 4L);
        store.answerRead(List.of(stored(5, 5, State.NEW, 1)));
        written();

        session.deliverPersisted(stored(7, 7, State.NEW, 1));

        assertThat(written()).as("6 is missing: not sent out of order").isEmpty();
        assertThat(store.reads).containsExactly(0L, 4L, 5L);
        store.answerRead(List.of(stored(6, 6, State.NEW, 1), stored(7, 7, State.NEW, 1)));
        assertThat(written()).containsExactly("PUBLISH 6 m6", "PUBLISH 7 m7");
    }

    @Test
    void aSlowClientsOverflowStaysInRedisAndIsReadWhenItCatchesUp() {
        connect(1, true);
        store.answerRead(List.of());
        for (int score = 1; score <= 6; score++) {
            session.deliverPersisted(stored(score, score, State.NEW, 1));
        }
        assertThat(written()).containsExactly("PUBLISH 1 m1");

        for (int packetId = 1; packetId <= 3; packetId++) {
            session.onPubAck(packetId);
        }
        assertThat(written())
                .as("what fitted in memory (3 pending)")
                .containsExactly("PUBLISH 2 m2", "PUBLISH 3 m3", "PUBLISH 4 m4");
        assertThat(store.reads)
                .as("the rest is read from Redis after the last score held")
                .containsExactly(0L, 4L);
        store.answerRead(List.of(stored(5, 5, State.NEW, 1), stored(6, 6, State.NEW, 1)));
        assertThat(written()).as("the window is still full").isEmpty();
        session.onPubAck(4);
        assertThat(written()).containsExactly("PUBLISH 5 m5");
    }

    @Test
    void aSocketThatIsNotWritablePausesTheReplayUntilItIsWritableAgain() {
        connect(100, true);
        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        store.answerRead(List.of(stored(1, 1, State.NEW, 1), stored(2, 2, State.NEW, 1)));
        assertThat(written()).isEmpty();

        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, true);
        session.drain();

        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2");
    }

    @Test
    void pubrelGoesOutOnlyAfterTheStoreRecordedThePubrec() {
        connect(100, true);
        store.answerRead(List.of(stored(1, 1, State.NEW, 2)));
        written();

        session.onPubRec(1, false);
        assertThat(written()).isEmpty();
        store.pubrel.complete(true);
        assertThat(written()).containsExactly("PUBREL 1");

        session.onPubComp(1);
        assertThat(store.removed).containsExactly(1);
    }

    /**
     * A PUBREL the store did not record would be followed, after a crash, by the PUBLISH again, which the client
     * (having forgotten the id at PUBREL) would deliver twice: the connection is closed instead, and the client
     * gets the PUBLISH again with DUP while it still holds the id: a sender must not send the PUBLISH again once it
     * sent PUBREL [MQTT-4.3.3-1].
     */
    @Test
    void aPubrecTheStoreCouldNotRecordClosesTheConnectionInsteadOfSendingPubrel() {
        connect(100, true);
        store.answerRead(List.of(stored(1, 1, State.NEW, 2)));
        written();

        session.onPubRec(1, false);
        store.pubrel.completeExceptionally(new IllegalStateException("Redis unavailable"));
        channel.runPendingTasks();

        assertThat(written()).as("no PUBREL").isEmpty();
        assertThat(channel.isOpen()).as("connection closed").isFalse();
        assertThat(store.removed).isEmpty();
    }

    /** The same for 5.0: DISCONNECT with Unspecified error (0x80) says why, and no PUBREL precedes it. */
    @Test
    void aPubrecTheStoreCouldNotRecordEndsA5ConnectionWithUnspecifiedError() {
        connect(MqttVersion.MQTT_5, 100, true);
        store.answerRead(List.of(stored(1, 1, State.NEW, 2)));
        ReferenceCountUtil.release(channel.readOutbound());

        session.onPubRec(1, false);
        store.pubrel.completeExceptionally(new IllegalStateException("Redis unavailable"));
        channel.runPendingTasks();

        MqttMessage sent = channel.readOutbound();
        assertThat(sent.fixedHeader().messageType()).isEqualTo(MqttMessageType.DISCONNECT);
        assertThat(((MqttReasonCodeAndPropertiesVariableHeader) sent.variableHeader()).reasonCode())
                .isEqualTo((byte) 0x80);
        assertThat((Object) channel.readOutbound()).as("nothing after it").isNull();
        assertThat(channel.isOpen()).isFalse();
    }

    /**
     * [MQTT-4.4.0-1]: whichever node resends a message sets DUP, also after the node that first sent it
     * crashed and could record nothing when its connections ended. One mark per drain, not per message.
     */
    @Test
    void aMessageIsRecordedAsSentAsItGoesOutSoTheNextNodeSetsDupEvenAfterACrash() {
        connect(100, true);
        store.answerRead(List.of(
                stored(1, 1, State.NEW, 1),
                stored(2, 2, State.SENT, 1),
                stored(3, 3, State.NEW, 2),
                stored(4, 4, State.RELEASED, 2)));

        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2 DUP", "PUBLISH 3 m3", "PUBREL 4");
        assertThat(store.markCalls).as("before any disconnect, in one call").containsExactly(List.of(1, 3));

        session.detach(session.connection());
        assertThat(store.markCalls)
                .as("nothing more to record when the connection ends")
                .hasSize(1);
    }

    /**
     * A message saved while its client was connected was stored as sent already: it goes out without DUP (its
     * first send, [MQTT-3.3.1-1] asks DUP only of a re-delivery) and costs no mark in the store.
     */
    @Test
    void aMessageStoredAsSentOnArrivalGoesOutWithoutDupAndNeedsNoMark() {
        connect(100, true);
        store.answerRead(List.of());

        session.deliverPersisted(stored(1, 1, State.MARKED, 1));
        session.deliverPersisted(stored(2, 2, State.NEW, 1));

        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2");
        assertThat(store.markCalls).as("only the one stored as new").containsExactly(List.of(2));
    }

    /**
     * Messages are saved as sent only while the session would send them at once: not while it reads the store,
     * nor while it is behind (they would then be read back from Redis, marked, and go out with DUP set).
     */
    @Test
    void theSessionSendsAtOnceOnlyWhenConnectedCaughtUpAndNothingWaits() {
        assertThat(session.sendsAtOnce()).as("not connected").isFalse();
        connect(1, true);
        assertThat(session.sendsAtOnce()).as("reading the store").isFalse();
        store.answerRead(List.of());
        assertThat(session.sendsAtOnce()).as("caught up").isTrue();

        session.deliverPersisted(stored(1, 1, State.MARKED, 1));
        session.deliverPersisted(stored(2, 2, State.MARKED, 1));
        assertThat(session.sendsAtOnce()).as("message 2 waits for the window").isFalse();

        session.deliverPersisted(stored(4, 4, State.MARKED, 1));
        session.onPubAck(1);
        assertThat(session.sendsAtOnce())
                .as("behind after a gap: reading again")
                .isFalse();
    }

    @Test
    void aNewSessionStartsByDiscardingWhatWasStoredAndAQos1FromOutsideGoesThroughTheStore() {
        connect(100, false);
        assertThat(store.discardedBeforeRead).isTrue();
        store.answerRead(List.of());

        OutboundMessage retained = stored(1, 1, State.NEW, 1).message();
        session.deliver(retained);

        assertThat(resubmitted).containsExactly(retained);
        assertThat(written()).isEmpty();
    }

    /**
     * Message 1 was removed from the store for the limit while in flight, and the store gave its id to a
     * newer message (score 5). That one is neither skipped nor sent under an id still in flight: it waits
     * for the PUBACK of the first, which removes only the first.
     */
    @Test
    void aStoredMessageWhoseIdIsStillInFlightWaitsForThatAcknowledgementAndIsNotLost() {
        connect(100, true);
        store.answerRead(List.of(
                stored(1, 1, State.NEW, 1),
                stored(2, 2, State.NEW, 1),
                stored(3, 3, State.NEW, 1),
                stored(4, 4, State.NEW, 1)));
        assertThat(written()).containsExactly("PUBLISH 1 m1", "PUBLISH 2 m2", "PUBLISH 3 m3", "PUBLISH 4 m4");
        store.answerRead(List.of(stored(1, 5, State.NEW, 1), stored(6, 6, State.NEW, 1)));
        assertThat(written())
                .as("id 1 is still in flight: nothing may overtake")
                .isEmpty();

        session.onPubAck(1);

        assertThat(store.removedWithScore)
                .as("the PUBACK removes the message it acknowledges")
                .containsExactly("1@1");
        assertThat(written()).containsExactly("PUBLISH 1 m5", "PUBLISH 6 m6");
        session.onPubAck(1);
        assertThat(store.removedWithScore).containsExactly("1@1", "1@5");
    }

    /** Answers reads when told to; records everything else. */
    private static final class StoreStandIn implements DeviceSessionStore {
        final List<Long> reads = new ArrayList<>();
        final List<Integer> removed = new ArrayList<>();
        final List<String> removedWithScore = new ArrayList<>();
        final List<List<Integer>> markCalls = new ArrayList<>();
        final CompletableFuture<Boolean> pubrel = new CompletableFuture<>();
        boolean discardedBeforeRead;
        private CompletableFuture<List<PersistedMessage>> read;

        void answerRead(List<PersistedMessage> page) {
            CompletableFuture<List<PersistedMessage>> current = read;
            read = null;
            current.complete(page);
        }

        @Override
        public CompletionStage<List<PersistedMessage>> startReading(String clientId, boolean present, int max) {
            discardedBeforeRead = !present;
            return fetch(clientId, 0, max);
        }

        @Override
        public CompletionStage<List<PersistedMessage>> fetch(String clientId, long afterScore, int max) {
            assertThat(read).as("one read at a time").isNull();
            reads.add(afterScore);
            read = new CompletableFuture<>();
            return read;
        }

        @Override
        public void remove(String clientId, int packetId, long score) {
            removed.add(packetId);
            removedWithScore.add(packetId + "@" + score);
        }

        @Override
        public CompletionStage<Boolean> markPubrel(String clientId, int packetId, long score) {
            return pubrel;
        }

        @Override
        public void markSent(String clientId, Collection<PersistedMessage> messages) {
            markCalls.add(messages.stream().map(PersistedMessage::packetId).toList());
        }

        @Override
        public void removeAll(String clientId) {}
    }
}
