package io.relaymq.broker.routing;

import io.relaymq.broker.subscription.Subscription;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Picks the member of a shared-subscription group that gets a message: round robin over the members
 * that are connected (here or, as far as this node knows, on another node); when none is, over the
 * members whose session is kept while offline, so the message waits in that session instead of being
 * lost.
 */
public final class SharedSubscriptionPicker {

    private final ConcurrentMap<String, AtomicInteger> cursors = new ConcurrentHashMap<>();

    /** Where a member's session is, as far as this node can tell. */
    public enum MemberState {
        CONNECTED,
        OFFLINE,
        UNKNOWN
    }

    public Optional<Subscription> pick(String group, List<Subscription> members, Function<String, MemberState> state) {
        List<Subscription> connected = new ArrayList<>(members.size());
        List<Subscription> offline = new ArrayList<>();
        for (Subscription member : members) {
            switch (state.apply(member.clientId())) {
                case CONNECTED -> connected.add(member);
                case OFFLINE -> offline.add(member);
                default -> {}
            }
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
