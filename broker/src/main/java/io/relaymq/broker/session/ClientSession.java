package io.relaymq.broker.session;

import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.relaymq.broker.publish.PublishPackets;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.PublishedMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The MQTT session of one client id on this node. It outlives connections while its expiry interval
 * runs: subscriptions, messages in flight and queued, and QoS 2 packet ids awaiting PUBREL stay.
 * Every method except {@link #execute} and {@link #deliver} must run on {@link #executor()}: one
 * thread owns the session, so nothing here needs a lock.
 */
public final class ClientSession {

    private final String clientId;
    private final EventExecutor executor;
    private final SessionContext context;
    private final OutboundFlow outbound;
    private final Map<String, Subscription> subscriptions = new HashMap<>();
    private final Set<Integer> awaitingPubrel = new HashSet<>();
    private volatile MqttConnection connection;
    private long expirySeconds;
    private ScheduledFuture<?> expiryTask;
    private ScheduledFuture<?> willTask;
    private PublishedMessage pendingWill;
    private volatile boolean ended;
    private boolean handedOver;
    private long ownershipVersion;

    public ClientSession(String clientId, EventExecutor executor, SessionContext context) {
        this.clientId = clientId;
        this.executor = executor;
        this.context = context;
        this.outbound = new OutboundFlow(context.maxQueued());
    }

    public String clientId() {
        return clientId;
    }

    public EventExecutor executor() {
        return executor;
    }

    /** Runs {@code task} on the session's thread (at once when already there). */
    public void execute(Runnable task) {
        if (executor.inEventLoop()) {
            task.run();
        } else {
            executor.execute(task);
        }
    }

    public boolean isEnded() {
        return ended;
    }

    public boolean isConnected() {
        return connection != null;
    }

    public MqttConnection connection() {
        return connection;
    }

    /** The cluster's ownership version of this copy of the session (newer copies elsewhere supersede it). */
    public long ownershipVersion() {
        return ownershipVersion;
    }

    public void setOwnershipVersion(long version) {
        this.ownershipVersion = version;
    }

    public void setExpirySeconds(long seconds) {
        this.expirySeconds = seconds;
    }

    public long expirySeconds() {
        return expirySeconds;
    }

    public Set<Integer> awaitingPubrel() {
        return awaitingPubrel;
    }

    // ---- subscriptions -------------------------------------------------------------------------

    /** Adds or replaces a subscription; true when the filter was new to this session. */
    public boolean subscribe(Subscription subscription) {
        boolean isNew = subscriptions.put(subscription.filter().text(), subscription) == null;
        context.trie().add(subscription);
        context.subscriptionChanges().changed(clientId, subscriptions.values());
        return isNew;
    }

    public boolean unsubscribe(TopicFilter filter) {
        boolean existed = subscriptions.remove(filter.text()) != null;
        if (existed) {
            context.trie().remove(clientId, filter);
            context.subscriptionChanges().changed(clientId, subscriptions.values());
        }
        return existed;
    }

    // ---- connection lifecycle ------------------------------------------------------------------

    /** A connection takes over the session: resend what is in flight, then send what is queued. */
    public void attach(MqttConnection newConnection) {
        cancel(expiryTask);
        cancel(willTask);
        expiryTask = null;
        willTask = null;
        // [MQTT-3.1.3-9]: a new connection before the will delay has passed cancels the will
        pendingWill = null;
        connection = newConnection;
        long now = context.clock().millis();
        for (InFlight entry : outbound.inFlight()) {
            if (entry.stage == InFlight.Stage.AWAITING_PUBCOMP) {
                connection.send(PublishPackets.reply(MqttMessageType.PUBREL, entry.packetId, (byte) 0));
            } else {
                connection.send(PublishPackets.publish(entry.message, entry.packetId, true, connection.isV5(), now,
                        connection.aliasFor(entry.message.message().topic())));
            }
        }
        drain();
    }

    /**
     * The connection is gone. Publishes or schedules its will, then ends the session or starts its expiry.
     * A connection that was already replaced by a newer one changes nothing but its will.
     */
    public void detach(MqttConnection closed) {
        boolean current = connection == closed;
        if (current) {
            connection = null;
        }
        if (closed.will() != null && !closed.disconnectedByClient()) {
            scheduleWill(closed);
        }
        if (!current || ended) {
            return;
        }
        if (expirySeconds == 0) {
            end();
        } else {
            context.sessionChanges().disconnected(clientId, expirySeconds);
            expiryTask = executor.schedule(this::end, expirySeconds, TimeUnit.SECONDS);
        }
    }

    /**
     * The client's session continues on another node: its connection here is closed (5.0: DISCONNECT
     * 0x8E) and the local copy dropped, without ending the session cluster-wide.
     */
    public void handOver() {
        if (ended) {
            return;
        }
        handedOver = true;
        MqttConnection current = connection;
        connection = null;
        if (current != null) {
            current.close((byte) 0x8E);
        }
        end();
    }

    /** The will goes out after the earlier of its delay and the session's end ([MQTT-3.1.3-9]). */
    private void scheduleWill(MqttConnection closed) {
        long delay = Math.min(closed.willDelaySeconds(), expirySeconds);
        if (delay == 0) {
            context.willSink().accept(closed.will());
            return;
        }
        cancel(willTask);
        pendingWill = closed.will();
        willTask = executor.schedule(this::publishPendingWill, delay, TimeUnit.SECONDS);
    }

    private void publishPendingWill() {
        if (pendingWill != null) {
            PublishedMessage will = pendingWill;
            pendingWill = null;
            context.willSink().accept(will);
        }
    }

    /** Ends the session: its subscriptions leave the trie and the registry forgets it. */
    public void end() {
        if (ended) {
            return;
        }
        ended = true;
        cancel(expiryTask);
        cancel(willTask);
        publishPendingWill();
        for (Subscription s : new ArrayList<>(subscriptions.values())) {
            context.trie().remove(clientId, s.filter());
        }
        if (!handedOver) {
            if (!subscriptions.isEmpty()) {
                context.subscriptionChanges().removed(clientId);
            }
            context.sessionChanges().ended(clientId);
        }
        subscriptions.clear();
        context.registry().remove(this);
        int dropped = 0;
        for (OutboundMessage left : outbound.takeAll()) {
            if (left.sharedFilter() != null) {
                context.sharedOrphans().accept(left, clientId);
            } else {
                dropped++;
            }
        }
        if (dropped > 0) {
            context.metrics().dropped("session_ended", dropped);
        }
    }

    // ---- outbound delivery ---------------------------------------------------------------------

    /** Hands a message to this session from any thread. */
    public void deliver(OutboundMessage message) {
        execute(() -> offer(message));
    }

    private void offer(OutboundMessage message) {
        if (ended) {
            context.metrics().dropped("session_ended", 1);
            return;
        }
        if (message.message().isExpired(context.clock().millis())) {
            context.metrics().dropped("expired", 1);
            return;
        }
        if (message.qos() == 0) {
            if (connection != null && connection.isWritable()) {
                sendQos0(message);
            } else {
                context.metrics().dropped(connection == null ? "offline_qos0" : "not_writable_qos0", 1);
            }
            return;
        }
        if (!outbound.enqueue(message)) {
            context.metrics().dropped("queue_full", 1);
            return;
        }
        drain();
    }

    /** Sends queued messages while the window and the socket allow; also called when writable again. */
    public void drain() {
        if (connection == null) {
            return;
        }
        int window = Math.min(context.maxInflightOutbound(), connection.clientReceiveMaximum());
        long now = context.clock().millis();
        while (connection.isWritable()) {
            InFlight next = outbound.nextToSend(window);
            if (next == null) {
                return;
            }
            if (next.message.message().isExpired(now) || !fitsClient(next.message)) {
                outbound.abandon(next.packetId);
                context.metrics().dropped(next.message.message().isExpired(now) ? "expired" : "too_large", 1);
                continue;
            }
            connection.send(PublishPackets.publish(next.message, next.packetId, false, connection.isV5(), now,
                    connection.aliasFor(next.message.message().topic())));
            context.metrics().messageOut(next.message.qos(), next.message.message().payload().length);
        }
    }

    private void sendQos0(OutboundMessage message) {
        if (!fitsClient(message)) {
            context.metrics().dropped("too_large", 1);
            return;
        }
        connection.send(PublishPackets.publish(message, 0, false, connection.isV5(), context.clock().millis(),
                connection.aliasFor(message.message().topic())));
        context.metrics().messageOut(message.qos(), message.message().payload().length);
    }

    /** [MQTT-3.1.2-25]: a message larger than the client's Maximum Packet Size is discarded. */
    private boolean fitsClient(OutboundMessage message) {
        return PublishPackets.estimatedSize(message, connection.isV5()) <= connection.clientMaxPacketSize();
    }

    public void onPubAck(int packetId) {
        if (outbound.acknowledge(packetId)) {
            drain();
        }
    }

    public void onPubRec(int packetId, boolean error) {
        if (error) {
            outbound.abandon(packetId);
            drain();
        } else if (outbound.received(packetId)) {
            connection.send(PublishPackets.reply(MqttMessageType.PUBREL, packetId, (byte) 0));
        } else if (connection != null) {
            connection.send(PublishPackets.reply(MqttMessageType.PUBREL, packetId, (byte) 0x92));
        }
    }

    public void onPubComp(int packetId) {
        if (outbound.complete(packetId)) {
            drain();
        }
    }

    private static void cancel(ScheduledFuture<?> task) {
        if (task != null) {
            task.cancel(false);
        }
    }
}
