package io.relaymq.broker.session;

import io.relaymq.broker.metrics.MqttMetrics;
import java.util.List;
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
    private final QuotaLog quotaLog = new QuotaLog(log, "queued bytes quota exceeded, dropping new messages");
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
        this.metrics = context.metrics();
        this.maxInflight = context.maxInflightOutbound();
        this.forgetStored = forgetStored;
        this.discardStored = discardStored;
    }

    @Override
    public boolean persisted() {
        return false;
    }

    @Override
    public void attach(MqttConnection newConnection, boolean present) {
        connection = newConnection;
        if (!present) {
            discardStored.run();
        }
        for (InFlight entry : flow.inFlight()) {
            if (entry.stage == InFlight.Stage.AWAITING_PUBCOMP) {
                writer.pubrel(connection, entry.packetId);
            } else if (!writer.publish(connection, entry.message, entry.packetId, true)) {
                flow.abandon(entry.packetId);
            }
        }
        drain();
    }

    @Override
    public void detach() {
        connection = null;
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
        int window = Math.min(maxInflight, connection.clientReceiveMaximum());
        while (connection.isWritable()) {
            InFlight next = flow.nextToSend(window);
            if (next == null) {
                return;
            }
            if (!writer.publish(connection, next.message, next.packetId, false)) {
                flow.abandon(next.packetId);
            }
        }
    }

    @Override
    public void onPubAck(int packetId) {
        if (flow.acknowledge(packetId)) {
            drain();
        }
    }

    @Override
    public void onPubRec(int packetId, boolean error) {
        if (error) {
            flow.abandon(packetId);
            drain();
        } else if (flow.received(packetId)) {
            writer.pubrel(connection, packetId);
        } else if (connection != null) {
            writer.pubrelUnknown(connection, packetId);
        }
    }

    @Override
    public void onPubComp(int packetId) {
        if (flow.complete(packetId)) {
            drain();
        }
    }

    @Override
    public List<OutboundMessage> end(boolean discardStored) {
        connection = null;
        return flow.takeAll();
    }
}
