package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionTrie;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The subscriptions of clients whose sessions are not in this node's registry (they live on other
 * nodes, or this node held them before a restart), kept in a trie of their own (the local sessions'
 * trie is never touched by replication), with the node that owns each client. Written by the replica's
 * reader thread only; read concurrently by the routers.
 */
public final class RemoteSubscriptions {

    private final SubscriptionTrie trie = new SubscriptionTrie();
    private final Map<String, ClientSubscriptions> byClient = new ConcurrentHashMap<>();

    /**
     * Applies one record. A tombstone removes the client; so does a record this node wrote for a session
     * it holds ({@code isLocal}): that one is in the local trie already.
     */
    public void apply(String clientId, ClientSubscriptions record, String selfNode, Predicate<String> isLocal) {
        boolean remote = record != null && !(record.ownerNode().equals(selfNode) && isLocal.test(clientId));
        ClientSubscriptions previous = remote ? byClient.put(clientId, record) : byClient.remove(clientId);
        // the new subscriptions go in before the old ones leave (an add replaces the same filter), so a router
        // matching meanwhile never finds none of a client that stays subscribed: its message would reach nobody
        Set<String> kept = new HashSet<>();
        if (remote) {
            for (Subscription s : record.subscriptions()) {
                trie.add(s);
                kept.add(s.filter().text());
            }
        }
        if (previous != null) {
            for (Subscription s : previous.subscriptions()) {
                if (!kept.contains(s.filter().text())) {
                    trie.remove(clientId, s.filter());
                }
            }
        }
    }

    /**
     * Routes a client that just left this node as a remote one until its new owner's record replaces
     * this; a record that is here already (the new owner's, having arrived first) is kept.
     */
    public void adoptIfUnknown(String clientId, ClientSubscriptions record) {
        if (byClient.putIfAbsent(clientId, record) == null) {
            record.subscriptions().forEach(trie::add);
        }
    }

    /** The replicated subscriptions of a client held elsewhere (empty when none are known). */
    public List<Subscription> subscriptionsOf(String clientId) {
        ClientSubscriptions record = byClient.get(clientId);
        return record == null ? List.of() : record.subscriptions();
    }

    /** Every replicated client's subscriptions (a snapshot; sessions this node holds are not among them). */
    public Map<String, List<Subscription>> all() {
        Map<String, List<Subscription>> all = new HashMap<>();
        byClient.forEach((clientId, record) -> all.put(clientId, record.subscriptions()));
        return all;
    }

    public List<Subscription> match(String topic) {
        return trie.match(topic);
    }

    /** The node that owns {@code clientId}'s session, when another node does. */
    public Optional<String> owner(String clientId) {
        return Optional.ofNullable(byClient.get(clientId)).map(ClientSubscriptions::ownerNode);
    }

    public int size() {
        return trie.size();
    }
}
