package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.support.NoOps;
import io.relaymq.broker.support.WrittenPackets;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.dao.appsession.ApplicationSessionCtx;
import io.relaymq.dao.appsession.ApplicationSessionCtx.Sent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What a persistent APPLICATION session sends from its topic, given the context it restored and the batches its
 * reader hands over, and what context it leaves for the node that continues it. The topic and PostgreSQL are a
 * stand-in that answers at once; Kafka and PostgreSQL themselves are covered by the ITs.
 */
class ApplicationOutboundTest {

    private final StoreStandIn store = new StoreStandIn();
    private final MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());

    /**
     * A record the previous node sent and the client never acknowledged waits here, behind a connection that takes
     * nothing (closed, its close not handled yet), while the reader hands over the next batch. It must stay in flight
     * in the context this node leaves: below the sent mark and unlisted, the next node would take it for completed.
     */
    @Test
    void aRestoredRecordWaitingWhileTheNextBatchArrivesGoesAgainOnTheNextNode() {
        store.saved = context(List.of(new Sent(9, 6), new Sent(10, 7)), 11);
        EmbeddedChannel here = new EmbeddedChannel();
        ClientSession session = session(here);
        MqttConnection connection = connect(session, here);
        store.hand(9);
        unwritable(here);
        store.hand(10);
        store.hand(11);
        session.detach(connection);

        assertThat(store.saved.publishes()).as("both still in flight").contains(new Sent(9, 6), new Sent(10, 7));
        EmbeddedChannel next = new EmbeddedChannel();
        connect(session(next), next);
        store.hand(9, 10, 11);
        assertThat(WrittenPackets.readFrom(next))
                .containsExactly("PUBLISH 6 m9 DUP", "PUBLISH 7 m10 DUP", "PUBLISH 1 m11");
    }

    /** The same, when the client comes back to this node and the session here goes on. */
    @Test
    void aRestoredRecordWaitingWhileTheNextBatchArrivesGoesAgainOnThisNode() {
        store.saved = context(List.of(new Sent(10, 7)), 11);
        EmbeddedChannel first = new EmbeddedChannel();
        ClientSession session = session(first);
        MqttConnection connection = connect(session, first);
        unwritable(first);
        store.hand(10);
        store.hand(11);
        session.detach(connection);

        EmbeddedChannel again = new EmbeddedChannel();
        connect(session, again);
        store.hand(10, 11);
        assertThat(WrittenPackets.readFrom(again)).containsExactly("PUBLISH 7 m10 DUP", "PUBLISH 1 m11");
    }

    /** Records below the reader's first offset were acknowledged since the context was saved: their ids are free. */
    @Test
    void restoredRecordsBelowTheFirstOffsetReadWereCompleted() {
        store.saved = context(List.of(new Sent(8, 1), new Sent(10, 7)), 11);
        EmbeddedChannel channel = new EmbeddedChannel();
        connect(session(channel), channel);
        store.hand(10, 11);

        assertThat(WrittenPackets.readFrom(channel)).containsExactly("PUBLISH 7 m10 DUP", "PUBLISH 1 m11");
    }

    private ClientSession session(EmbeddedChannel channel) {
        SessionContext context = NoOps.sessionContext(
                metrics,
                (s, c, p) -> new ApplicationOutbound(
                        s, store, (clientId, app, m) -> {}, c.writer(), c.maxInflightOutbound(), Long.MAX_VALUE));
        ClientSession session = new ClientSession("app", ClientType.APPLICATION, channel.eventLoop(), context, true);
        session.setExpirySeconds(300);
        return session;
    }

    private static MqttConnection connect(ClientSession session, EmbeddedChannel channel) {
        MqttConnection connection = new MqttConnection(channel, MqttVersion.MQTT_3_1_1, "app", 65535, 1 << 20, 0);
        session.attach(connection, true);
        return connection;
    }

    /** The connection takes nothing, as one that is closed or whose client does not read. */
    private static void unwritable(EmbeddedChannel channel) {
        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
    }

    private static ApplicationSessionCtx context(List<Sent> publishes, long sentBelow) {
        return new ApplicationSessionCtx("app", 1, publishes, List.of(), sentBelow);
    }

    /** The client's topic and context: the reader hands over what the test says, the context is kept in memory. */
    private static final class StoreStandIn implements AppSessionStore {

        ApplicationSessionCtx saved;
        private AppTopicReader.Sink sink;

        /** One batch from the reader started last, of the records at {@code offsets} (payload "m" + offset). */
        void hand(long... offsets) {
            List<AppTopicReader.Record> batch = new ArrayList<>();
            for (long offset : Arrays.stream(offsets).boxed().toList()) {
                PublishedMessage message = new PublishedMessage(
                        "t",
                        1,
                        false,
                        ("m" + offset).getBytes(StandardCharsets.UTF_8),
                        "pub",
                        System.currentTimeMillis(),
                        MessageProperties.NONE);
                batch.add(new AppTopicReader.Record(
                        offset, OutboundMessageCodec.encode(new OutboundMessage(message, 1, false, List.of()))));
            }
            sink.accept(batch);
        }

        @Override
        public int maxBuffered() {
            return 100;
        }

        @Override
        public AppTopicReader start(String clientId, boolean startAtEnd, ReadAhead buffered, AppTopicReader.Sink sink) {
            this.sink = sink;
            // never started: commits and stops are only recorded in it
            return new AppTopicReader(clientId, "app-topic", startAtEnd, 0, buffered, sink);
        }

        @Override
        public SharedGroupForwarder startShared(String clientId, Subscription subscription) {
            throw new UnsupportedOperationException("no shared subscriptions here");
        }

        @Override
        public void loadContext(String clientId, Consumer<Optional<ApplicationSessionCtx>> then) {
            then.accept(Optional.ofNullable(saved));
        }

        @Override
        public CompletableFuture<Void> saveContext(ApplicationSessionCtx ctx) {
            saved = ctx.publishes().isEmpty() && ctx.pubrels().isEmpty() ? null : ctx;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void scheduleRemoval(String clientId) {}
    }
}
