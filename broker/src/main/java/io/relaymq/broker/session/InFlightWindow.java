package io.relaymq.broker.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one QoS 1/2 state machine of the broker-to-client direction: the messages a session sent and its client
 * has not fully acknowledged, by packet id in send order, each at its {@link Stage}. It answers PUBACK, PUBREC
 * and PUBCOMP the same way for every kind of session; what differs by where a session keeps its messages (the
 * node's memory, Redis, an APPLICATION topic with its context in PostgreSQL) sits behind {@link Storage}.
 * <ul>
 *   <li>QoS 1: PUBLISH, then PUBACK ends it ([MQTT-4.3.2-1]).</li>
 *   <li>QoS 2: PUBLISH, then PUBREC; PUBREL goes out only once the storage recorded the PUBREC, so that a
 *       connection after a crash sends PUBREL and never the PUBLISH again; then PUBCOMP ends it ([MQTT-4.3.3-1]).
 *       A PUBREC with an error reason code ends it at once (5.0).</li>
 *   <li>A PUBREC for a packet id not in flight gets PUBREL with reason 0x92 (Packet Identifier not found).</li>
 *   <li>On a new connection, what is in flight goes out again in order ([MQTT-4.4.0-1]): PUBLISH with DUP,
 *       or PUBREL for a message already received.</li>
 * </ul>
 * Used on the session's thread only; storage answers are brought back to it.
 *
 * @param <T> what the storage keeps per message: the message, a stored message with its score, a record offset
 */
public final class InFlightWindow<T> {

    private static final Logger log = LoggerFactory.getLogger(InFlightWindow.class);

    /** Where one sent message stands. */
    public enum Stage {
        AWAITING_PUBACK,
        AWAITING_PUBREC,
        /** PUBREC came; PUBREL waits until the storage recorded it. */
        RELEASING,
        AWAITING_PUBCOMP
    }

    /** What differs by where a session keeps its messages. */
    public interface Storage<T> {

        /** Records that the client received {@code item} (PUBREC), before PUBREL goes out. */
        CompletableFuture<?> recordPubrec(int packetId, T item);

        /**
         * The PUBREC could not be recorded. True: send PUBREL anyway; false: the message waits for PUBREC again,
         * and the storage has closed the connection (the client, still holding the id, gets the PUBLISH again).
         */
        boolean releaseUnrecorded(int packetId, Throwable failure);

        /** The exchange of {@code item} ended: acknowledged, refused with an error, or not sent at all. */
        void finished(int packetId, T item);
    }

    /** One message in flight. */
    public static final class Entry<T> {
        private final T item;
        private final OutboundMessage message;
        private Stage stage;

        private Entry(T item, OutboundMessage message, Stage stage) {
            this.item = item;
            this.message = message;
            this.stage = stage;
        }

        public T item() {
            return item;
        }

        /** The message; null for one tracked only for its PUBREL (its PUBLISH is no longer needed). */
        public OutboundMessage message() {
            return message;
        }

        public Stage stage() {
            return stage;
        }

        /** Not yet received by the client: the PUBLISH may have to go out again. */
        public boolean unreceived() {
            return stage == Stage.AWAITING_PUBACK || stage == Stage.AWAITING_PUBREC;
        }
    }

    private final String clientId;
    private final Storage<T> storage;
    private final OutboundWriter writer;
    private final Executor sessionThread;
    private final Runnable afterAck;
    private final Map<Integer, Entry<T>> entries = new LinkedHashMap<>();
    private MqttConnection connection;

    /**
     * @param sessionThread where the storage's answers are handled
     * @param afterAck      runs when an acknowledgement made room in the window (sends what waits)
     */
    public InFlightWindow(
            String clientId, Storage<T> storage, OutboundWriter writer, Executor sessionThread, Runnable afterAck) {
        this.clientId = clientId;
        this.storage = storage;
        this.writer = writer;
        this.sessionThread = sessionThread;
        this.afterAck = afterAck;
    }

    /** The connection acknowledgements come from and PUBRELs go to; null while the client is away. */
    public void connection(MqttConnection connection) {
        this.connection = connection;
    }

    /** A QoS 1/2 PUBLISH of {@code message} with {@code packetId} is going out. */
    public void sent(int packetId, T item, OutboundMessage message) {
        Stage stage = message.qos() == 1 ? Stage.AWAITING_PUBACK : Stage.AWAITING_PUBREC;
        entries.put(packetId, new Entry<>(item, message, stage));
    }

    /** A PUBREL for a message the client received earlier is going out. */
    public void releasing(int packetId, T item, OutboundMessage message) {
        entries.put(packetId, new Entry<>(item, message, Stage.AWAITING_PUBCOMP));
    }

    /** The message could not be sent (or the client cannot take it): it leaves the window, finished. */
    public void abandon(int packetId) {
        Entry<T> entry = entries.remove(packetId);
        if (entry != null) {
            storage.finished(packetId, entry.item);
        }
    }

    public void onPubAck(int packetId) {
        Entry<T> entry = entries.get(packetId);
        if (entry != null && entry.stage == Stage.AWAITING_PUBACK) {
            finish(packetId);
        }
    }

    public void onPubRec(int packetId, boolean error) {
        Entry<T> entry = entries.get(packetId);
        if (entry == null) {
            if (!error && connection != null) {
                writer.pubrelUnknown(connection, packetId);
            }
        } else if (error) {
            finish(packetId);
        } else if (entry.stage == Stage.AWAITING_PUBREC) {
            release(packetId, entry);
        } else if (entry.stage == Stage.AWAITING_PUBCOMP && connection != null) {
            writer.pubrel(connection, packetId);
        }
    }

    public void onPubComp(int packetId) {
        Entry<T> entry = entries.get(packetId);
        if (entry != null && entry.stage == Stage.AWAITING_PUBCOMP) {
            finish(packetId);
        }
    }

    /**
     * Sends again, in order, what is in flight ([MQTT-4.4.0-1]): PUBREL where the client received the message,
     * the PUBLISH with DUP where it has not. A message whose PUBREC is being recorded gets its PUBREL when that
     * ends; a PUBLISH the connection refuses is abandoned.
     */
    public void resend() {
        for (Map.Entry<Integer, Entry<T>> e : new ArrayList<>(entries.entrySet())) {
            Entry<T> entry = e.getValue();
            if (entry.stage == Stage.AWAITING_PUBCOMP) {
                writer.pubrel(connection, e.getKey());
            } else if (entry.unreceived() && !writer.publish(connection, entry.message, e.getKey(), true)) {
                abandon(e.getKey());
            }
        }
    }

    public boolean contains(int packetId) {
        return entries.containsKey(packetId);
    }

    public Entry<T> get(int packetId) {
        return entries.get(packetId);
    }

    public int size() {
        return entries.size();
    }

    /** The entries in send order, with their packet ids (a copy). */
    public List<Map.Entry<Integer, Entry<T>>> entries() {
        return new ArrayList<>(entries.entrySet());
    }

    /** Forgets everything in flight without finishing it (the session starts afresh or moves). */
    public void clear() {
        entries.clear();
    }

    private void release(int packetId, Entry<T> entry) {
        entry.stage = Stage.RELEASING;
        CompletableFuture<?> recorded = storage.recordPubrec(packetId, entry.item);
        if (recorded.isDone()) {
            released(packetId, entry, failureOf(recorded));
        } else {
            recorded.whenComplete((ok, failure) -> sessionThread.execute(() -> released(packetId, entry, failure)));
        }
    }

    private void released(int packetId, Entry<T> entry, Throwable failure) {
        if (entry.stage != Stage.RELEASING || entries.get(packetId) != entry) {
            return; // the session started afresh, or the exchange ended meanwhile
        }
        if (failure != null && !storage.releaseUnrecorded(packetId, failure)) {
            entry.stage = Stage.AWAITING_PUBREC;
            return;
        }
        entry.stage = Stage.AWAITING_PUBCOMP;
        if (connection != null) {
            writer.pubrel(connection, packetId);
        } else {
            log.debug("[{}] PUBREL of packet {} goes out on the next connection", clientId, packetId);
        }
    }

    private void finish(int packetId) {
        abandon(packetId);
        afterAck.run();
    }

    private static Throwable failureOf(CompletableFuture<?> done) {
        try {
            done.join();
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        } catch (RuntimeException e) {
            return e;
        }
    }
}
