package io.relaymq.broker.session;

import io.relaymq.broker.metrics.MqttMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * QoS 1/2 delivery of a session whose messages live in the node's memory: packet ids are assigned
 * here, and messages queue while the client is away or the window is full.
 */
public final class MemoryOutbound implements SessionOutbound {

    private static final Logger log = LoggerFactory.getLogger(MemoryOutbound.class);

    private final String clientId;
    private final OutboundFlow flow;
    private final InFlightWindow<OutboundMessage> window;
    private final QuotaLog quotaLog;
    private final OutboundWriter writer;
    private final MqttMetrics metrics;
    private final int maxInflight;
    private final Consumer<PersistedMessage> forgetStored;
    private final Runnable discardStored;
    private MqttConnection connection;

    /**
     * @param quotaLog      where a hit of the queued bytes quota is logged: one {@link #quotaLog()} shared by
     *                      the sessions of a node
     * @param forgetStored  removes from the store a message that reached this session through it
     * @param discardStored removes everything the store keeps for the client
     */
    public MemoryOutbound(
            String clientId,
            SessionContext context,
            QuotaLog quotaLog,
            Consumer<PersistedMessage> forgetStored,
            Runnable discardStored) {
        this.clientId = clientId;
        this.quotaLog = quotaLog;
        this.flow = new OutboundFlow(context.maxQueued(), context.maxQueuedBytes());
        this.writer = context.writer();
        this.window = new InFlightWindow<>(clientId, new InMemory(), writer, Runnable::run, this::drain);
        this.metrics = context.metrics();
        this.maxInflight = context.maxInflightOutbound();
        this.forgetStored = forgetStored;
        this.discardStored = discardStored;
    }

    /** The log of queued bytes quota hits, to share between the sessions of a node. */
    public static QuotaLog quotaLog() {
        return new QuotaLog(log, "queued bytes quota exceeded, dropping new messages");
    }

    /** Nothing to record: the node's memory is all this session has. */
    private final class InMemory implements InFlightWindow.Storage<OutboundMessage> {

        @Override
        public CompletableFuture<?> recordPubrec(int packetId, OutboundMessage message) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public boolean releaseUnrecorded(int packetId, Throwable failure) {
            return true;
        }

        @Override
        public void finished(int packetId, OutboundMessage message) {
            flow.finished(message);
        }
    }

    @Override
    public boolean persisted() {
        return false;
    }

    @Override
    public void attach(MqttConnection newConnection, boolean present) {
        connection = newConnection;
        window.connection(newConnection);
        if (!present) {
            discardStored.run();
        }
        window.resend();
        drain();
    }

    @Override
    public void detach() {
        connection = null;
        window.connection(null);
    }

    @Override
    public void offer(OutboundMessage message) {
        if (!flow.fitsBytes(message)) {
            metrics.dropped("queue_bytes", 1);
            metrics.quotaExceeded("queued_bytes");
            quotaLog.hit(clientId, flow.heldBytes() + " bytes held");
            return;
        }
        if (!flow.enqueue(message)) {
            metrics.dropped("queue_full", 1);
            return;
        }
        drain();
    }

    /** A stored message reached a session that keeps its messages in memory: it continues from here. */
    @Override
    public void offerPersisted(PersistedMessage message) {
        forgetStored.accept(message);
        if (message.message() != null) {
            offer(message.message());
        }
    }

    @Override
    public void drain() {
        if (connection == null) {
            return;
        }
        int limit = Math.min(maxInflight, connection.clientReceiveMaximum());
        while (connection.isWritable() && window.size() < limit) {
            OutboundMessage next = flow.next();
            if (next == null) {
                return;
            }
            int packetId = flow.nextPacketId(window::contains);
            window.sent(packetId, next, next);
            if (!writer.publish(connection, next, packetId, false)) {
                window.abandon(packetId);
            }
        }
    }

    @Override
    public void onPubAck(int packetId) {
        window.onPubAck(packetId);
    }

    @Override
    public void onPubRec(int packetId, boolean error) {
        window.onPubRec(packetId, error);
    }

    @Override
    public void onPubComp(int packetId) {
        window.onPubComp(packetId);
    }

    /** Returns every message in flight and queued, in order. */
    @Override
    public List<OutboundMessage> end(boolean discardStored) {
        detach();
        List<OutboundMessage> all = new ArrayList<>(window.size() + flow.queued());
        window.entries().forEach(e -> all.add(e.getValue().item()));
        window.clear();
        all.addAll(flow.takeAll());
        return all;
    }
}
