package io.relaymq.broker.persistence.application;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InFlightWindow;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.PacketIds;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.broker.session.SessionOutbound;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.dao.appsession.ApplicationSessionCtx;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QoS 1/2 delivery of a persistent APPLICATION session from its own Kafka topic: records are sent in
 * topic order within the client's window, and the topic's committed offset moves only past records the
 * client acknowledged (PUBACK, or PUBCOMP for QoS 2). Between connections the in-flight records and their
 * packet ids stay in memory, and are saved to PostgreSQL so a connection on another node repeats them
 * exactly (same packet ids, DUP set; PUBREL for QoS 2 records already received). Runs on the session's
 * thread; the topic is read by an {@link AppTopicReader} while a connection is attached. A record that is a
 * copy routed again from {@code relaymq.msg.all} after a router crash ({@link ReplayMarks}) is skipped.
 */
final class ApplicationOutbound implements SessionOutbound {

    private static final Logger log = LoggerFactory.getLogger(ApplicationOutbound.class);

    private record Waiting(long offset, OutboundMessage message, long size) {}

    private final ClientSession session;
    private final AppSessionStore readers;
    private final PersistedSink sink;
    private final OutboundWriter writer;
    private final int maxInflight;
    /** The records in flight by packet id, each with its topic offset. */
    private final InFlightWindow<Long> inFlight;

    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private final int maxBufferedRecords;
    private final long maxBufferedBytes;
    /** The read-ahead of the current reader: each reader has its own, so a late batch of a stopped one counts nowhere. */
    private ReadAhead buffered;

    private final RestoredContext restored = new RestoredContext();
    private final Map<String, SharedGroupForwarder> shared = new HashMap<>();
    private final ReplayMarks replays = new ReplayMarks();
    private MqttConnection connection;
    private AppTopicReader reader;
    /** Until the current reader's first batch: it starts at the committed offset, everything below is done. */
    private boolean firstBatch;

    private long nextOffset = -1;
    private final PacketIds packetIds = new PacketIds();
    private int generation;
    private boolean knowsState;
    private final ContextWrites contextWrites;
    /** Records taken with a new QoS 2 one, waiting until a context write holds their packet ids; null if none. */
    private List<Taken> held;

    /** A record taken for sending: its packet id, and whether it goes out again (DUP). */
    private record Taken(int packetId, boolean dup) {}

    ApplicationOutbound(
            ClientSession session,
            AppSessionStore readers,
            PersistedSink sink,
            OutboundWriter writer,
            int maxInflight,
            long maxBufferedBytes) {
        this.maxBufferedRecords = readers.maxBuffered();
        this.maxBufferedBytes = maxBufferedBytes;
        this.buffered = new ReadAhead(maxBufferedRecords, maxBufferedBytes);
        this.session = session;
        this.readers = readers;
        this.sink = sink;
        this.writer = writer;
        this.maxInflight = maxInflight;
        this.contextWrites = new ContextWrites(this::context, readers::saveContext, session::execute);
        this.inFlight =
                new InFlightWindow<>(session.clientId(), new InContext(), writer, session::execute, this::drain);
    }

    /** The topic keeps the records; the context in PostgreSQL keeps which are in flight and received. */
    private final class InContext implements InFlightWindow.Storage<Long> {

        /**
         * PUBREL only once PostgreSQL knows: the client hands the message to its application on PUBREL, and a node
         * that continues the session after this one must then send PUBREL, never the PUBLISH again.
         */
        @Override
        public CompletableFuture<?> recordPubrec(int packetId, Long offset) {
            CompletableFuture<Void> written = new CompletableFuture<>();
            contextWrites.request(failure -> {
                if (failure == null) {
                    written.complete(null);
                } else {
                    written.completeExceptionally(failure);
                }
            });
            return written;
        }

        @Override
        public boolean releaseUnrecorded(int packetId, Throwable failure) {
            log.warn(
                    "[{}] could not record PUBREC of packet {}: {}",
                    session.clientId(),
                    packetId,
                    failure.getMessage());
            return true;
        }

        @Override
        public void finished(int packetId, Long offset) {
            // the committed offset follows the lowest offset still in flight (see commitPoint)
        }
    }

    @Override
    public boolean persisted() {
        return true;
    }

    @Override
    public void attach(MqttConnection newConnection, boolean present) {
        if (reader != null) {
            // a connection still attached (taken over before its close was handled): one reader at a time
            stopReader();
        }
        connection = newConnection;
        inFlight.connection(newConnection);
        int gen = ++generation;
        if (!present) {
            forgetAll();
            knowsState = true;
            contextWrites.request();
            startReader(gen, true);
            return;
        }
        if (knowsState) {
            inFlight.resend();
            startReader(gen, false);
            return;
        }
        readers.loadContext(
                session.clientId(),
                ctx -> session.execute(() -> {
                    if (gen != generation) {
                        return;
                    }
                    ctx.ifPresent(restored::restore);
                    knowsState = true;
                    startReader(gen, false);
                }));
    }

    private void startReader(int gen, boolean startAtEnd) {
        waiting.clear();
        buffered = new ReadAhead(maxBufferedRecords, maxBufferedBytes);
        firstBatch = true;
        reader = readers.start(
                session.clientId(), startAtEnd, buffered, batch -> session.execute(() -> accept(gen, batch)));
        session.subscriptions().forEach(this::subscribed);
    }

    /** A shared subscription makes this client a member of its group's consumer group while connected. */
    @Override
    public void subscribed(Subscription subscription) {
        if (connection == null || !subscription.filter().isShared()) {
            return;
        }
        unsubscribed(subscription.filter());
        shared.put(subscription.filter().text(), readers.startShared(session.clientId(), subscription));
    }

    @Override
    public void unsubscribed(TopicFilter filter) {
        SharedGroupForwarder forwarder = shared.remove(filter.text());
        if (forwarder != null) {
            forwarder.stop();
        }
    }

    private void stopShared() {
        shared.values().forEach(SharedGroupForwarder::stop);
        shared.clear();
    }

    @Override
    public void detach() {
        connection = null;
        inFlight.connection(null);
        generation++;
        stopReader();
        if (knowsState) {
            contextWrites.request();
        }
    }

    private void stopReader() {
        stopShared();
        if (reader != null) {
            reader.commit(commitPoint());
            reader.stop();
            reader = null;
        }
        if (!waiting.isEmpty()) {
            // read again by the next reader, and still originals then
            nextOffset = waiting.peekFirst().offset();
            replays.unsent(waiting.stream().map(Waiting::offset).toList());
        }
        waiting.clear();
        buffered.clear();
    }

    /**
     * A record batch from the reader; records this session holds already (a restarted reader) are skipped. Only the
     * reader's first batch tells which restored records were acknowledged since their context was saved: those below
     * the committed offset it starts at. A restored record of an earlier batch may still wait (the connection took
     * nothing), and must keep its packet id and its place in the context.
     */
    private void accept(int gen, List<AppTopicReader.Record> batch) {
        if (gen != generation) {
            return;
        }
        if (firstBatch && !batch.isEmpty()) {
            firstBatch = false;
            restored.forgetBefore(batch.get(0).offset());
        }
        for (AppTopicReader.Record record : batch) {
            if (record.offset() < nextOffset) {
                buffered.taken(record.size());
                continue;
            }
            nextOffset = record.offset() + 1;
            if (restored.completed(record.offset())) {
                // completed before the context was saved, its offset not yet committed: never again
                buffered.taken(record.size());
                continue;
            }
            boolean copy = replays.replayed(record.offset(), record.source());
            if (copy && !restored.lists(record.offset())) {
                // a copy routed again after a router crash (one already sent before a restore keeps its course)
                buffered.taken(record.size());
                continue;
            }
            OutboundMessage message = OutboundMessageCodec.decode(record.value());
            Integer pubrel = restored.takePubrel(record.offset());
            if (pubrel != null) {
                buffered.taken(record.size());
                inFlight.releasing(pubrel, record.offset(), message);
                writer.pubrel(connection, pubrel);
                continue;
            }
            waiting.addLast(new Waiting(record.offset(), message, record.size()));
        }
        drain();
    }

    @Override
    public void offer(OutboundMessage message) {
        sink.persist(session.clientId(), true, message);
    }

    @Override
    public void offerPersisted(PersistedMessage message) {
        // messages of APPLICATION sessions never pass through the DEVICE store
    }

    /**
     * Takes records into the client's window. A batch with a new QoS 2 record goes out only once a context write
     * holds its packet ids: a node continuing the session after a crash of this one must send it again with the
     * same id, or the client would take it for a new message (see {@link ContextWrites} for the cost).
     */
    @Override
    public void drain() {
        if (connection == null || held != null) {
            return;
        }
        int window = Math.min(maxInflight, connection.clientReceiveMaximum());
        List<Taken> batch = new ArrayList<>();
        boolean newQos2 = false;
        while (connection.isWritable() && !waiting.isEmpty()) {
            Integer again = restored.publish(waiting.peekFirst().offset());
            if (again == null && inFlight.size() >= window) {
                break;
            }
            Waiting next = waiting.pollFirst();
            buffered.taken(next.size());
            restored.sent(next.offset());
            int packetId = again != null ? again : nextPacketId();
            inFlight.sent(packetId, next.offset(), next.message());
            batch.add(new Taken(packetId, again != null));
            newQos2 |= again == null && next.message().qos() == 2;
        }
        if (newQos2) {
            held = batch;
            MqttConnection to = connection;
            contextWrites.request(failure -> {
                if (held != batch) {
                    return; // the session started afresh meanwhile
                }
                held = null;
                if (failure != null) {
                    log.warn(
                            "[{}] could not record QoS 2 packet ids before sending: sent anyway ({})",
                            session.clientId(),
                            failure.getMessage());
                }
                send(batch, to);
                drain();
            });
        } else {
            send(batch, connection);
        }
        requestCommit();
    }

    /** Sends what {@link #drain()} took, on {@code to} if it is still the connection (a new one resends it). */
    private void send(List<Taken> batch, MqttConnection to) {
        if (to != connection) {
            return;
        }
        for (Taken taken : batch) {
            InFlightWindow.Entry<Long> entry = inFlight.get(taken.packetId());
            if (entry != null
                    && entry.unreceived()
                    && !writer.publish(connection, entry.message(), taken.packetId(), taken.dup())) {
                inFlight.abandon(taken.packetId());
            }
        }
    }

    @Override
    public void onPubAck(int packetId) {
        inFlight.onPubAck(packetId);
    }

    @Override
    public void onPubRec(int packetId, boolean error) {
        inFlight.onPubRec(packetId, error);
    }

    @Override
    public int inFlight() {
        return inFlight.size();
    }

    @Override
    public void onPubComp(int packetId) {
        inFlight.onPubComp(packetId);
    }

    @Override
    public List<OutboundMessage> end(boolean discardStored) {
        connection = null;
        inFlight.connection(null);
        generation++;
        stopReader();
        if (discardStored) {
            forgetAll();
            readers.scheduleRemoval(session.clientId());
        }
        if (discardStored || knowsState) {
            // in order after any write still running: an empty context is deleted
            contextWrites.request();
        }
        return List.of();
    }

    /** The first offset not yet acknowledged: everything before it may be committed. */
    private long commitPoint() {
        if (inFlight.size() > 0) {
            long lowest = Long.MAX_VALUE;
            for (Map.Entry<Integer, InFlightWindow.Entry<Long>> e : inFlight.entries()) {
                lowest = Math.min(lowest, e.getValue().item());
            }
            return lowest;
        }
        if (!waiting.isEmpty()) {
            return waiting.peekFirst().offset();
        }
        return nextOffset;
    }

    private void requestCommit() {
        if (reader != null && nextOffset >= 0) {
            reader.commit(commitPoint());
        }
    }

    private ApplicationSessionCtx context() {
        List<ApplicationSessionCtx.Sent> publishes = new ArrayList<>();
        List<ApplicationSessionCtx.Sent> pubrels = new ArrayList<>();
        for (Map.Entry<Integer, InFlightWindow.Entry<Long>> e : inFlight.entries()) {
            (e.getValue().unreceived() ? publishes : pubrels)
                    .add(new ApplicationSessionCtx.Sent(e.getValue().item(), e.getKey()));
        }
        long sentBelow = restored.addTo(publishes, pubrels);
        return new ApplicationSessionCtx(session.clientId(), System.currentTimeMillis(), publishes, pubrels, sentBelow);
    }

    private void forgetAll() {
        inFlight.clear();
        waiting.clear();
        restored.clear();
        nextOffset = -1;
        held = null;
    }

    /** Ids of restored records not seen again yet stay reserved for them. */
    private int nextPacketId() {
        return packetIds.next(id -> inFlight.contains(id) || restored.reserves(id));
    }
}
