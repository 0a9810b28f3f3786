package io.relaymq.broker.routing;

import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedSink;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Routes one message from {@code relaymq.msg.all} to its subscribers on this node. A client whose
 * subscriptions overlap gets the message once, at the highest granted QoS, with every matching
 * subscription identifier ([MQTT-3.3.4-2], [MQTT-3.3.4-3]); No Local subscriptions skip the publisher
 * ([MQTT-3.8.3-3]); each shared-subscription group gets it once (MQTT 5.0 §4.8.2).
 */
public final class Router {

    private final SubscriptionTrie trie;
    private final SessionRegistry sessions;
    private final RetainedSink retained;
    private final SharedSubscriptionPicker shared;
    private final MqttMetrics metrics;
    private final Clock clock;

    public Router(SubscriptionTrie trie, SessionRegistry sessions, RetainedSink retained,
                  SharedSubscriptionPicker shared, MqttMetrics metrics, Clock clock) {
        this.trie = trie;
        this.sessions = sessions;
        this.retained = retained;
        this.shared = shared;
        this.metrics = metrics;
        this.clock = clock;
    }

    public void route(PublishedMessage message) {
        long now = clock.millis();
        metrics.routed(Duration.ofMillis(Math.max(0, now - message.createdMillis())));
        if (message.retain()) {
            retained.retain(message);
        }
        if (message.isExpired(now)) {
            return;
        }
        Map<String, Target> targets = new HashMap<>();
        Map<String, List<Subscription>> groups = new LinkedHashMap<>();
        for (Subscription s : trie.match(message.topic())) {
            if (s.filter().isShared()) {
                groups.computeIfAbsent(s.filter().text(), k -> new ArrayList<>()).add(s);
            } else if (!(s.options().noLocal() && s.clientId().equals(message.publisherId()))) {
                targets.computeIfAbsent(s.clientId(), Target::new).add(s);
            }
        }
        groups.forEach((group, members) -> shared.pick(group, members, sessions)
                .ifPresent(s -> targets.computeIfAbsent(s.clientId(), Target::new).add(s)));
        for (Target target : targets.values()) {
            ClientSession session = sessions.get(target.clientId);
            if (session != null) {
                session.deliver(new OutboundMessage(message, Math.min(message.qos(), target.qos),
                        target.retainAsPublished && message.retain(), target.subscriptionIds,
                        target.direct ? null : target.sharedFilter));
            }
        }
    }

    /**
     * A member of a shared subscription left without finishing {@code orphan}: another member of the
     * group gets it, so the group does not lose it. Counted as dropped when no member is left.
     */
    public void redeliverShared(OutboundMessage orphan, String leavingClientId) {
        List<Subscription> members = new ArrayList<>();
        for (Subscription s : trie.match(orphan.message().topic())) {
            if (s.filter().text().equals(orphan.sharedFilter()) && !s.clientId().equals(leavingClientId)) {
                members.add(s);
            }
        }
        Optional<Subscription> next = shared.pick(orphan.sharedFilter(), members, sessions);
        ClientSession session = next.map(s -> sessions.get(s.clientId())).orElse(null);
        if (session == null) {
            metrics.dropped("shared_group_empty", 1);
            return;
        }
        Subscription member = next.get();
        session.deliver(new OutboundMessage(orphan.message(), Math.min(orphan.message().qos(), member.options().qos()),
                orphan.retain(), member.options().subscriptionId() > 0 ? List.of(member.options().subscriptionId()) : List.of(),
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
