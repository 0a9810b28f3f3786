package io.relaymq.broker.persistence.device;

import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InFlightWindow;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.broker.session.SessionOutbound;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QoS 1/2 delivery of a persistent DEVICE session: Redis holds every message until the client
 * acknowledges it, with the packet id Redis assigned; this class only decides what to send next.
 * <p>
 * Each connection starts by reading the client's stored messages in order, a page at a time, and sends
 * them (DUP set for those sent before, PUBREL for QoS 2 messages already received). A message is marked
 * sent in Redis as it goes out for the first time, not when the connection ends, so that DUP is also set
 * after this node crashed; one saved while the session could send it at once ({@link #sendsAtOnce}) was stored as
 * sent already ({@link PersistedMessage.State#MARKED}) and needs no mark. Messages saved
 * while it reads wait in a buffer and are matched by score, so nothing is sent twice or skipped. Once
 * caught up, each newly saved message follows its predecessor (score + 1); a message out of sequence,
 * or one that does not fit in memory because the client is slow or its socket is not writable, makes the
 * session read Redis again from its last score once what it holds has been sent.
 * <p>
 * A packet id names a stored message only with its score: a message removed for a limit while in flight
 * may have handed its id to a newer one. That one waits, with everything after it, until the
 * acknowledgement of the id in flight; every store call carries the score, so that acknowledgement
 * removes only the message it acknowledges.
 * <p>
 * Runs on the session's thread; Redis answers are brought back to it. A generation number makes answers
 * meant for an earlier connection harmless.
 */
final class DeviceOutbound implements SessionOutbound {

    private static final Logger log = LoggerFactory.getLogger(DeviceOutbound.class);
    private static final long RETRY_MILLIS = 1000;

    private final ClientSession session;
    private final DeviceSessionStore store;
    private final PersistedSink sink;
    private final OutboundWriter writer;
    private final int maxInflight;
    private final DevicePersistenceProperties settings;

    private final ArrayDeque<PersistedMessage> pending = new ArrayDeque<>();
    private final ArrayDeque<PersistedMessage> arrivedWhileReading = new ArrayDeque<>();
    private final InFlightWindow<PersistedMessage> inFlight;
    /** Packet ids sent for the first time in this drain, marked sent in Redis at its end. */
    private final List<PersistedMessage> firstSends = new ArrayList<>();

    private MqttConnection connection;
    private int generation;
    private long cursor;
    private boolean reading;
    private boolean behind;
    /** Connected, not reading, not behind, nothing pending: a message saved now goes out at once. */
    private volatile boolean live;

    DeviceOutbound(
            ClientSession session,
            DeviceSessionStore store,
            PersistedSink sink,
            OutboundWriter writer,
            int maxInflight,
            DevicePersistenceProperties settings) {
        this.session = session;
        this.store = store;
        this.sink = sink;
        this.writer = writer;
        this.maxInflight = maxInflight;
        this.settings = settings;
        this.inFlight = new InFlightWindow<>(session.clientId(), new InRedis(), writer, session::execute, this::drain);
    }

    /** Redis keeps every message until its exchange ends, and what the client received. */
    private final class InRedis implements InFlightWindow.Storage<PersistedMessage> {

        /** PUBREL only once Redis knows: after a reconnect the client must get PUBREL, never the PUBLISH again. */
        @Override
        public CompletableFuture<?> recordPubrec(int packetId, PersistedMessage message) {
            return store.markPubrel(clientId(), packetId, message.score()).toCompletableFuture();
        }

        /**
         * The client still holds the id: it gets the PUBLISH again with DUP after reconnecting and answers PUBREC
         * without delivering twice; a PUBREL now could be followed by that PUBLISH.
         */
        @Override
        public boolean releaseUnrecorded(int packetId, Throwable failure) {
            log.warn(
                    "[{}] could not record PUBREC of packet {}, closing the connection: {}",
                    clientId(),
                    packetId,
                    failure.getMessage());
            if (connection != null) {
                connection.close(MqttReasonCodes.Disconnect.UNSPECIFIED_ERROR.byteValue());
            }
            return false;
        }

        @Override
        public void finished(int packetId, PersistedMessage message) {
            store.remove(clientId(), packetId, message.score());
        }
    }

    @Override
    public boolean persisted() {
        return true;
    }

    @Override
    public boolean sendsAtOnce() {
        return live;
    }

    private void updateLive() {
        live = connection != null && !reading && !behind && pending.isEmpty();
    }

    @Override
    public void attach(MqttConnection newConnection, boolean present) {
        reset();
        connection = newConnection;
        inFlight.connection(newConnection);
        int gen = generation;
        reading = true;
        updateLive();
        store.startReading(clientId(), present, settings.replayPageSize())
                .whenComplete((page, error) -> session.execute(() -> onPage(gen, page, error)));
        session.executor()
                .schedule(() -> tailCheck(gen), settings.tailCheckDelay().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void detach() {
        reset();
    }

    /** A message that reached this session outside the store (retained on subscribe): stored first. */
    @Override
    public void offer(OutboundMessage message) {
        sink.persist(clientId(), false, message);
    }

    @Override
    public void offerPersisted(PersistedMessage message) {
        if (connection == null) {
            return;
        }
        if (reading) {
            if (arrivedWhileReading.size() < settings.maxPending()) {
                arrivedWhileReading.addLast(message);
            } else {
                behind = true;
            }
            return;
        }
        takeLive(message);
        drain();
    }

    private void takeLive(PersistedMessage message) {
        if (message.score() <= cursor) {
            return;
        }
        if (behind || message.score() != cursor + 1 || pending.size() >= settings.maxPending()) {
            behind = true;
            return;
        }
        pending.addLast(message);
        cursor = message.score();
    }

    private void onPage(int gen, List<PersistedMessage> page, Throwable error) {
        if (gen != generation) {
            return;
        }
        reading = false;
        if (error != null) {
            log.warn(
                    "[{}] reading stored messages failed, retrying in {} ms: {}",
                    clientId(),
                    RETRY_MILLIS,
                    error.getMessage());
            behind = true;
            session.executor().schedule(() -> session.execute(() -> retry(gen)), RETRY_MILLIS, TimeUnit.MILLISECONDS);
            return;
        }
        log.debug("[{}] read {} stored messages after score {}", clientId(), page.size(), cursor);
        for (PersistedMessage m : page) {
            if (m.score() > cursor) {
                pending.addLast(m);
                cursor = m.score();
            }
        }
        behind |= page.size() >= settings.replayPageSize();
        while (!arrivedWhileReading.isEmpty()) {
            takeLive(arrivedWhileReading.pollFirst());
        }
        drain();
    }

    private void retry(int gen) {
        if (gen == generation && !reading) {
            drain();
        }
    }

    /** Messages saved while another node still looked like the client's owner never arrived live. */
    private void tailCheck(int gen) {
        session.execute(() -> {
            if (gen == generation && connection != null) {
                behind = true;
                drain();
            }
        });
    }

    @Override
    public void drain() {
        if (connection == null) {
            return;
        }
        int window = Math.min(maxInflight, connection.clientReceiveMaximum());
        while (connection.isWritable()
                && inFlight.size() < window
                && !pending.isEmpty()
                && !inFlight.contains(pending.peekFirst().packetId())) {
            send(pending.pollFirst());
        }
        markSent();
        if (pending.isEmpty() && behind && !reading) {
            readMore();
        }
        updateLive();
    }

    /**
     * Records in Redis, with one call per drain, which messages went out for the first time, so that whichever
     * node sends them next sets DUP ([MQTT-4.4.0-1]), also after this node crashed. The call is not awaited:
     * a crash between the PUBLISH and the mark resends those messages without DUP (same packet id).
     */
    private void markSent() {
        if (!firstSends.isEmpty()) {
            store.markSent(clientId(), List.copyOf(firstSends));
            firstSends.clear();
        }
    }

    private void readMore() {
        int gen = generation;
        reading = true;
        behind = false;
        store.fetch(clientId(), cursor, settings.replayPageSize())
                .whenComplete((page, error) -> session.execute(() -> onPage(gen, page, error)));
    }

    private void send(PersistedMessage m) {
        if (m.state() == PersistedMessage.State.RELEASED) {
            writer.pubrel(connection, m.packetId());
            inFlight.releasing(m.packetId(), m, m.message());
            return;
        }
        OutboundMessage message = m.message();
        if (!writer.publish(
                connection,
                message,
                message.qos() == 0 ? 0 : m.packetId(),
                m.state() == PersistedMessage.State.SENT && message.qos() > 0)) {
            store.remove(clientId(), m.packetId(), m.score());
            return;
        }
        if (message.qos() == 0) {
            store.remove(clientId(), m.packetId(), m.score());
            return;
        }
        inFlight.sent(m.packetId(), m, message);
        if (m.state() == PersistedMessage.State.NEW) {
            firstSends.add(m);
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
        reset();
        if (discardStored) {
            store.removeAll(clientId());
        }
        return List.of();
    }

    private void reset() {
        generation++;
        connection = null;
        inFlight.connection(null);
        pending.clear();
        arrivedWhileReading.clear();
        inFlight.clear();
        cursor = 0;
        reading = false;
        behind = false;
        updateLive();
    }

    private String clientId() {
        return session.clientId();
    }
}
