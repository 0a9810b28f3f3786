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
    private static final long QUOTA_LOG_INTERVAL_MILLIS = 60_000;

    private final String clientId;
    private final OutboundFlow flow;
    private final InFlightWindow<OutboundMessage> window;
    /** When the queued bytes quota was last logged for this client, and how often it was hit since. */
    private long quotaLoggedAt = Long.MIN_VALUE;

    private long quotaHitsSinceLog;
    private final OutboundWriter writer;
    private final MqttMetrics metrics;
    private final int maxInflight;
    private final Consumer<PersistedMessage> forgetStored;
    private final Runnable discardStored;
    private MqttConnection connection;

    /**
     * @param forgetStored  removes from the store a message that reached this session through it
     * @param discardStored removes everything the store keeps for the client
     */
    public MemoryOutbound(
            String clientId, SessionContext context, Consumer<PersistedMessage> forgetStored, Runnable discardStored) {
        this.clientId = clientId;
        this.flow = new OutboundFlow(context.maxQueued(), context.maxQueuedBytes());
        this.writer = context.writer();
        this.window = new InFlightWindow<>(clientId, new InMemory(), writer, Runnable::run, this::drain);
        this.metrics = context.metrics();
        this.maxInflight = context.maxInflightOutbound();
        this.forgetStored = forgetStored;
        this.discardStored = discardStored;
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
            metrics.dropped("queue_bytes", message.qos(), 1);
            metrics.quotaExceeded("queued_bytes");
            logQuotaHit();
            return;
        }
        if (!flow.enqueue(message)) {
            metrics.dropped("queue_full", message.qos(), 1);
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
    public int inFlight() {
        return window.size();
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

    /**
     * At most one line a minute per client, with how often the quota was hit since the last one: a client
     * hammering its quota cannot flood the log. Two fields of the session's own, not an entry in a shared map
     * (which many slow clients at once would churn).
     */
    private void logQuotaHit() {
        long now = System.currentTimeMillis();
        if (quotaLoggedAt != Long.MIN_VALUE && now - quotaLoggedAt < QUOTA_LOG_INTERVAL_MILLIS) {
            quotaHitsSinceLog++;
            return;
        }
        if (quotaHitsSinceLog > 0) {
            log.warn(
                    "[{}] queued bytes quota exceeded, dropping new messages: {} bytes held ({} more since the last"
                            + " report)",
                    clientId,
                    flow.heldBytes(),
                    quotaHitsSinceLog);
        } else {
            log.warn(
                    "[{}] queued bytes quota exceeded, dropping new messages: {} bytes held",
                    clientId,
                    flow.heldBytes());
        }
        quotaLoggedAt = now;
        quotaHitsSinceLog = 0;
    }
}
