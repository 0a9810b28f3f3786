package io.relaymq.broker.routing;

import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Picks the member of a shared-subscription group that gets a message: round robin over the members
 * that are connected; when none is, over the members whose session is kept while offline, so the
 * message waits in that session instead of being lost.
 */
public final class SharedSubscriptionPicker {

    private final ConcurrentMap<String, AtomicInteger> cursors = new ConcurrentHashMap<>();

    public Optional<Subscription> pick(String group, List<Subscription> members, SessionRegistry sessions) {
        List<Subscription> connected = new ArrayList<>(members.size());
        List<Subscription> offline = new ArrayList<>();
        for (Subscription member : members) {
            ClientSession session = sessions.get(member.clientId());
            if (session == null) {
                continue;
            }
            (session.isConnected() ? connected : offline).add(member);
        }
        List<Subscription> candidates = connected.isEmpty() ? offline : connected;
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        candidates.sort((a, b) -> a.clientId().compareTo(b.clientId()));
        int turn = cursors.computeIfAbsent(group, g -> new AtomicInteger()).getAndIncrement();
        return Optional.of(candidates.get(Math.floorMod(turn, candidates.size())));
    }
}
