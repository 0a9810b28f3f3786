package io.relaymq.broker.routing;

import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.cluster.RemoteSubscriptions;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.kafka.RouteSource;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedSink;
import io.relaymq.broker.routing.SharedSubscriptionPicker.MemberState;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Routes one message from {@code relaymq.msg.all} to its subscribers, on this node directly and on other
 * nodes through their downlink topic. A client whose subscriptions overlap gets the message once, at
 * the highest granted QoS, with every matching subscription identifier ([MQTT-3.3.4-2],
 * [MQTT-3.3.4-3]); No Local subscriptions skip the publisher ([MQTT-3.8.3-3]); each shared-subscription
 * group gets it once (MQTT 5.0 §4.8.2).
 */
public final class Router {

    private final SubscriptionTrie local;
    private final RemoteSubscriptions remote;
    private final SessionRegistry sessions;
    private final RetainedSink retained;
    private final SharedSubscriptionPicker shared;
    private final RemoteDelivery remoteDelivery;
    private final Function<String, Optional<SessionInfo>> remoteSessions;
    private final PersistedSink persisted;
    private final IntegrationSink integrations;
    private final MqttMetrics metrics;
    private final Clock clock;

    /**
     * @param remoteSessions the cluster's view of sessions not in {@code sessions}
     * @param persisted      where QoS 1/2 messages for persistent DEVICE sessions go
     * @param integrations   where messages for integrations go
     */
    public Router(
            SubscriptionTrie local,
            RemoteSubscriptions remote,
            SessionRegistry sessions,
            RetainedSink retained,
            SharedSubscriptionPicker shared,
            RemoteDelivery remoteDelivery,
            Function<String, Optional<SessionInfo>> remoteSessions,
            PersistedSink persisted,
            IntegrationSink integrations,
            MqttMetrics metrics,
            Clock clock) {
        this.local = local;
        this.remote = remote;
        this.sessions = sessions;
        this.retained = retained;
        this.shared = shared;
        this.remoteDelivery = remoteDelivery;
        this.remoteSessions = remoteSessions;
        this.persisted = persisted;
        this.integrations = integrations;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** A message without a source (never taken for a replay). */
    public void route(PublishedMessage message) {
        route(message, null);
    }

    /**
     * @param source where the message was read from {@code relaymq.msg.all}; copies for persistent sessions
     *               carry it, so a copy routed again is recognised ({@code null}: never taken for a replay)
     */
    public void route(PublishedMessage message, RouteSource source) {
        long now = clock.millis();
        metrics.routed(Duration.ofMillis(Math.max(0, now - message.createdMillis())));
        if (message.retain()) {
            retained.retain(message);
        }
        if (message.isExpired(now)) {
            return;
        }
        integrations.offer(message);
        Map<String, Target> targets = new HashMap<>();
        Map<String, List<Subscription>> groups = new LinkedHashMap<>();
        collect(local.match(message.topic()), message, targets, groups);
        collect(remote.match(message.topic()), message, targets, groups);
        Set<String> sharedTopics = new HashSet<>();
        groups.forEach((group, members) -> {
            if (message.qos() > 0 && members.stream().anyMatch(m -> isPersistentApplication(m.clientId()))) {
                // APPLICATION groups share through Kafka: one record per filter, one consumer group per share name
                String filter = members.get(0).filter().filter();
                if (sharedTopics.add(filter)) {
                    persisted.persistShared(filter, new OutboundMessage(message, message.qos(), false, List.of()));
                }
                return;
            }
            shared.pick(group, members, this::memberState)
                    .ifPresent(s ->
                            targets.computeIfAbsent(s.clientId(), Target::new).add(s));
        });
        for (Target target : targets.values()) {
            // a shared-subscription copy may go to another member when routed again: no replay check for it
            deliver(
                    target.clientId,
                    target.direct ? source : null,
                    new OutboundMessage(
                            message,
                            Math.min(message.qos(), target.qos),
                            target.retainAsPublished && message.retain(),
                            target.subscriptionIds,
                            target.direct ? null : target.sharedFilter));
        }
    }

    private static void collect(
            List<Subscription> matches,
            PublishedMessage message,
            Map<String, Target> targets,
            Map<String, List<Subscription>> groups) {
        for (Subscription s : matches) {
            if (s.filter().isShared()) {
                groups.computeIfAbsent(s.filter().text(), k -> new ArrayList<>())
                        .add(s);
            } else if (!(s.options().noLocal() && s.clientId().equals(message.publisherId()))) {
                targets.computeIfAbsent(s.clientId(), Target::new).add(s);
            }
        }
    }

    /**
     * QoS 1/2 for a persistent DEVICE session goes to the persistent store first (wherever the session
     * is); anything else to the local session, or to the node that owns the client; nowhere when neither
     * is known.
     */
    private void deliver(String clientId, RouteSource source, OutboundMessage message) {
        ClientSession session = sessions.get(clientId);
        if (session != null) {
            if (message.qos() > 0 && session.isPersisted()) {
                persisted.persist(clientId, session.clientType() == ClientType.APPLICATION, message, source);
            } else {
                session.deliver(message);
            }
            return;
        }
        Optional<SessionInfo> info = remoteSessions.apply(clientId);
        if (message.qos() > 0 && info.isPresent() && info.get().isPersistent()) {
            persisted.persist(
                    clientId,
                    ClientType.APPLICATION.name().equals(info.get().details().clientType()),
                    message,
                    source);
            return;
        }
        Optional<String> owner = remote.owner(clientId);
        if (owner.isPresent()) {
            remoteDelivery.send(owner.get(), clientId, message);
        } else {
            metrics.dropped("no_session", message.qos(), 1);
        }
    }

    private boolean isPersistentApplication(String clientId) {
        ClientSession session = sessions.get(clientId);
        if (session != null) {
            return session.clientType() == ClientType.APPLICATION && session.isPersisted();
        }
        Optional<SessionInfo> info = remoteSessions.apply(clientId);
        return info.isPresent()
                && info.get().isPersistent()
                && ClientType.APPLICATION.name().equals(info.get().details().clientType());
    }

    private MemberState memberState(String clientId) {
        ClientSession session = sessions.get(clientId);
        if (session != null) {
            return session.isConnected() ? MemberState.CONNECTED : MemberState.OFFLINE;
        }
        Optional<SessionInfo> info = remoteSessions.apply(clientId);
        if (info.isPresent() && !info.get().connected()) {
            return info.get().isPersistent() ? MemberState.OFFLINE : MemberState.UNKNOWN;
        }
        return remote.owner(clientId).isPresent() ? MemberState.CONNECTED : MemberState.UNKNOWN;
    }

    /**
     * A member of a shared subscription left without finishing {@code orphan}: another member of the
     * group gets it, so the group does not lose it. Counted as dropped when no member is left.
     */
    public void redeliverShared(OutboundMessage orphan, String leavingClientId) {
        List<Subscription> members = new ArrayList<>();
        for (List<Subscription> matches : List.of(
                local.match(orphan.message().topic()),
                remote.match(orphan.message().topic()))) {
            for (Subscription s : matches) {
                if (s.filter().text().equals(orphan.sharedFilter())
                        && !s.clientId().equals(leavingClientId)) {
                    members.add(s);
                }
            }
        }
        Optional<Subscription> next = shared.pick(orphan.sharedFilter(), members, this::memberState);
        if (next.isEmpty()) {
            metrics.dropped("shared_group_empty", 1);
            return;
        }
        Subscription member = next.get();
        deliver(
                member.clientId(),
                null,
                new OutboundMessage(
                        orphan.message(),
                        Math.min(orphan.message().qos(), member.options().qos()),
                        orphan.retain(),
                        member.options().subscriptionId() > 0
                                ? List.of(member.options().subscriptionId())
                                : List.of(),
                        orphan.sharedFilter()));
    }

    /** The merged view of one client's matching subscriptions. */
    private static final class Target {
        final String clientId;
        int qos;
        boolean retainAsPublished;
        boolean direct;
        String sharedFilter;
        final List<Integer> subscriptionIds = new ArrayList<>(1);

        Target(String clientId) {
            this.clientId = clientId;
        }

        void add(Subscription s) {
            if (s.filter().isShared()) {
                sharedFilter = s.filter().text();
            } else {
                direct = true;
            }
            qos = Math.max(qos, s.options().qos());
            retainAsPublished |= s.options().retainAsPublished();
            if (s.options().subscriptionId() > 0) {
                subscriptionIds.add(s.options().subscriptionId());
            }
        }
    }
}
