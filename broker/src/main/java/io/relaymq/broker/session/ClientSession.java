package io.relaymq.broker.session;

import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.message.PublishedMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
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
    private final SessionOutbound outbound;
    private final ClientType clientType;
    private final Map<String, Subscription> subscriptions = new HashMap<>();
    private final InboundQos2 inboundQos2;
    private volatile MqttConnection connection;
    private final SessionClaims claims = new SessionClaims();

    private long expirySeconds;
    private ScheduledFuture<?> expiryTask;
    private ScheduledFuture<?> willTask;
    private PublishedMessage pendingWill;
    private volatile boolean ended;
    private boolean handedOver;
    private long ownershipVersion;
    private volatile String principal = "";

    /**
     * @param persistent whether the session outlives its connection; decides for the session's life on
     *                   this node where its QoS 1/2 messages are kept
     */
    public ClientSession(String clientId, EventExecutor executor, SessionContext context, boolean persistent) {
        this(clientId, ClientType.DEVICE, executor, context, persistent);
    }

    /** @param clientType DEVICE or APPLICATION, from the client's credentials; fixed for the session's life */
    public ClientSession(
            String clientId,
            ClientType clientType,
            EventExecutor executor,
            SessionContext context,
            boolean persistent) {
        this.clientId = clientId;
        this.clientType = clientType;
        this.executor = executor;
        this.context = context;
        this.outbound = context.outbounds().create(this, context, persistent);
        this.inboundQos2 = new InboundQos2(clientId, context.inboundQos2());
    }

    public ClientType clientType() {
        return clientType;
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

    /** Where the session's connects, subscriptions and end are told. */
    public ClientEvents events() {
        return context.events();
    }

    public boolean isEnded() {
        return ended;
    }

    /** The CONNECTs that claimed the session on this node, in the cluster's order. */
    public SessionClaims claims() {
        return claims;
    }

    /** Whether {@code candidate}'s CONNECT is the last that claimed the session, and the session goes on here. */
    public boolean isClaimedBy(MqttConnection candidate) {
        return !ended && claims.claimant() == candidate;
    }

    public boolean isConnected() {
        return connection != null;
    }

    public MqttConnection connection() {
        return connection;
    }

    /** The principal the session belongs to ({@code ClientGrant#principal()}); empty: not recorded. */
    public String principal() {
        return principal;
    }

    /** Records the principal that created (or, where the operator allows it, took over) the session. */
    public void ownedBy(String newPrincipal) {
        this.principal = newPrincipal == null ? "" : newPrincipal;
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

    /**
     * From any thread: how many messages were sent to the client and are not yet acknowledged, read on the
     * session's thread; null once the session has ended or its thread no longer takes tasks.
     */
    public CompletableFuture<Integer> inFlightCount() {
        CompletableFuture<Integer> count = new CompletableFuture<>();
        try {
            execute(() -> count.complete(ended ? null : outbound.inFlight()));
        } catch (RejectedExecutionException e) {
            count.complete(null);
        }
        return count;
    }

    /** QoS 2 packet ids received and awaiting PUBREL (in memory). */
    public Set<Integer> awaitingPubrel() {
        return inboundQos2.ids();
    }

    /** The received QoS 2 packet ids with their copy outside the node. */
    public InboundQos2 inboundQos2() {
        return inboundQos2;
    }

    // ---- subscriptions -------------------------------------------------------------------------

    /** Adds or replaces a subscription; true when the filter was new to this session. */
    public boolean subscribe(Subscription subscription) {
        boolean isNew = subscriptions.put(subscription.filter().text(), subscription) == null;
        context.trie().add(subscription);
        context.subscriptionChanges().changed(clientId, subscriptions.values());
        outbound.subscribed(subscription);
        return isNew;
    }

    /** Whether the session holds a subscription with exactly this filter. */
    public boolean hasSubscription(TopicFilter filter) {
        return subscriptions.containsKey(filter.text());
    }

    /** How many topic filters the session holds. */
    public int subscriptionCount() {
        return subscriptions.size();
    }

    public boolean unsubscribe(TopicFilter filter) {
        boolean existed = subscriptions.remove(filter.text()) != null;
        if (existed) {
            outbound.unsubscribed(filter);
            context.trie().remove(clientId, filter);
            context.subscriptionChanges().changed(clientId, subscriptions.values());
        }
        return existed;
    }

    // ---- connection lifecycle ------------------------------------------------------------------

    /**
     * A connection takes over the session: what is in flight is sent again, then what waits.
     *
     * @param present whether the client continues an existing session (false: a new one)
     */
    public void attach(MqttConnection newConnection, boolean present) {
        cancel(expiryTask);
        cancel(willTask);
        expiryTask = null;
        willTask = null;
        // [MQTT-3.1.3-9]: a new connection before the will delay has passed cancels the will
        pendingWill = null;
        MqttConnection previous = connection;
        if (previous != null && previous != newConnection) {
            // taken over before its close was handled here: it lets go of the outbound before the new one has it
            outbound.detach();
            previous.close(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER.byteValue());
        }
        connection = newConnection;
        outbound.attach(newConnection, present);
    }

    /**
     * The connection is gone. Publishes or schedules its will, then ends the session or starts its expiry.
     * A connection that was already replaced by a newer one changes nothing but its will.
     */
    public void detach(MqttConnection closed) {
        if (closed.announced()) {
            context.events().disconnected(closed);
        }
        boolean current = connection == closed;
        if (current) {
            connection = null;
            outbound.detach();
        }
        // a DISCONNECT 0x00 has already dropped the will; one with 0x04 kept it to be published (5.0 §3.14.2.1)
        if (closed.will() != null) {
            scheduleWill(closed);
        }
        if (!current || ended) {
            return;
        }
        if (expirySeconds == 0) {
            end(ClientEvents.SessionEnd.EXPIRY_ZERO);
        } else {
            context.sessionChanges()
                    .disconnected(clientId, clientType, principal, closed.sessionId(), expirySeconds, ownershipVersion);
            inboundQos2.expiring(expirySeconds);
            expiryTask = executor.schedule(() -> end(ClientEvents.SessionEnd.EXPIRED), expirySeconds, TimeUnit.SECONDS);
        }
    }

    /** True once this node let the session go to another node ({@link #handOver}), where it continues. */
    public boolean continuesElsewhere() {
        return handedOver;
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
        outbound.detach();
        if (current != null) {
            current.close(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER.byteValue());
        }
        end(null);
    }

    /**
     * Removed by an operator: the connection is closed (5.0: DISCONNECT with {@code reasonCode}) and the
     * session ends cluster-wide with its subscriptions and stored messages.
     */
    public void remove(byte reasonCode) {
        if (ended) {
            return;
        }
        MqttConnection current = connection;
        connection = null;
        outbound.detach();
        if (current != null) {
            current.close(reasonCode);
        }
        end(ClientEvents.SessionEnd.REMOVED);
    }

    /** The session's subscriptions now (a copy). */
    public List<Subscription> subscriptions() {
        return List.copyOf(subscriptions.values());
    }

    /** The will goes out after the earlier of its delay and the session's end ([MQTT-3.1.3-9]). */
    private void scheduleWill(MqttConnection closed) {
        long delay = Math.min(closed.willDelaySeconds(), expirySeconds);
        if (delay == 0) {
            context.willSink().accept(closed.will());
            return;
        }
        if (connection != null) {
            // a newer connection holds the session already: a delayed will is never sent ([MQTT-3.1.3-9])
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

    /**
     * Ends the session because a new CONNECT (clean start, or another client type) replaces it: its subscriptions
     * leave the trie and the registry forgets it.
     */
    public void end() {
        end(ClientEvents.SessionEnd.REPLACED);
    }

    /** Ends the session; {@code why} is told unless the session continues on another node (null). */
    private void end(ClientEvents.SessionEnd why) {
        if (ended) {
            return;
        }
        ended = true;
        cancel(expiryTask);
        cancel(willTask);
        publishPendingWill();
        if (handedOver) {
            context.subscriptionChanges().handedOver(clientId, subscriptions.values());
        }
        for (Subscription s : new ArrayList<>(subscriptions.values())) {
            context.trie().remove(clientId, s.filter());
        }
        if (!handedOver) {
            if (!subscriptions.isEmpty()) {
                context.subscriptionChanges().removed(clientId);
            }
            context.sessionChanges().ended(clientId, ownershipVersion);
            context.events().sessionEnded(clientId, why);
        }
        subscriptions.clear();
        inboundQos2.ended(!handedOver);
        context.registry().remove(this);
        int dropped = 0;
        for (OutboundMessage left : outbound.end(!handedOver)) {
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

    /** True when this session's QoS 1/2 messages go through the persistent store. */
    public boolean isPersisted() {
        return outbound.persisted();
    }

    /** Whether a message stored for this session now would go out at once (a hint, from any thread). */
    public boolean sendsAtOnce() {
        return outbound.sendsAtOnce();
    }

    /** Hands a message to this session from any thread. */
    public void deliver(OutboundMessage message) {
        execute(() -> offer(message));
    }

    /** Hands a message the persistent store saved for this client to the session, from any thread. */
    public void deliverPersisted(PersistedMessage message) {
        execute(() -> {
            if (!ended) {
                outbound.offerPersisted(message);
            }
        });
    }

    private void offer(OutboundMessage message) {
        if (ended) {
            context.metrics().dropped("session_ended", message.qos(), 1);
            return;
        }
        if (context.writer().isExpired(message)) {
            context.metrics().dropped("expired", message.qos(), 1);
            return;
        }
        if (message.qos() > 0) {
            if (!outbound.persisted()
                    && context.memoryPressure().getAsBoolean()
                    && (connection == null || !connection.isWritable())) {
                // short of memory: a client that is not reading does not get to grow its queue
                context.metrics().dropped("memory_pressure", message.qos(), 1);
                return;
            }
            outbound.offer(message);
        } else if (connection != null && connection.isWritable()) {
            context.writer().publish(connection, message, 0, false);
        } else {
            context.metrics().dropped(connection == null ? "offline_qos0" : "not_writable_qos0", 0, 1);
        }
    }

    /** Sends what waits, as far as the window and the socket allow; also called when writable again. */
    public void drain() {
        outbound.drain();
    }

    public void onPubAck(int packetId) {
        outbound.onPubAck(packetId);
    }

    public void onPubRec(int packetId, boolean error) {
        outbound.onPubRec(packetId, error);
    }

    public void onPubComp(int packetId) {
        outbound.onPubComp(packetId);
    }

    private static void cancel(ScheduledFuture<?> task) {
        if (task != null) {
            task.cancel(false);
        }
    }
}
