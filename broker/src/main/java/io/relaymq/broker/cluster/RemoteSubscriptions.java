package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionTrie;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The subscriptions of clients whose sessions live on other nodes, kept in a trie of their own (the
 * local sessions' trie is never touched by replication), with the node that owns each client. Written
 * by the replica's reader thread only; read concurrently by the routers.
 */
public final class RemoteSubscriptions {

    private final SubscriptionTrie trie = new SubscriptionTrie();
    private final Map<String, ClientSubscriptions> byClient = new ConcurrentHashMap<>();

    /** Applies one record; {@code null} (tombstone) or a record owned by this node removes the client. */
    public void apply(String clientId, ClientSubscriptions record, String selfNode) {
        ClientSubscriptions previous = record == null || record.ownerNode().equals(selfNode)
                ? byClient.remove(clientId) : byClient.put(clientId, record);
        if (previous != null) {
            previous.subscriptions().forEach(s -> trie.remove(clientId, s.filter()));
        }
        if (record != null && !record.ownerNode().equals(selfNode)) {
            record.subscriptions().forEach(trie::add);
        }
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
