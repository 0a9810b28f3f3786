package io.relaymq.broker.subscription;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.broker.topic.TopicNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Every subscription of the node, indexed by filter level so that a topic is matched in time
 * proportional to its depth, not to the number of subscriptions. Safe for concurrent readers (the
 * Kafka consumers) and writers (sessions); a match sees each subscription either before or after a
 * concurrent change, never half of it. Empty branches are pruned on removal.
 */
public final class SubscriptionTrie {

    private final Node root = new Node();

    /**
     * Adds or replaces {@code subscription} (the key is client id + filter text). Structural changes
     * lock one node at a time and never enter a node that pruning has marked removed, so a concurrent
     * unsubscribe cannot detach the branch this subscription lands in.
     */
    public void add(Subscription subscription) {
        List<String> levels = subscription.filter().levels();
        String key = key(subscription.clientId(), subscription.filter().text());
        while (!tryAdd(levels, key, subscription)) {
            Thread.onSpinWait();
        }
    }

    private boolean tryAdd(List<String> levels, String key, Subscription subscription) {
        Node node = root;
        for (String level : levels) {
            synchronized (node) {
                if (node.removed) {
                    return false;
                }
                node = node.children.computeIfAbsent(level, l -> new Node());
            }
        }
        synchronized (node) {
            if (node.removed) {
                return false;
            }
            node.subscriptions.put(key, subscription);
            return true;
        }
    }

    /** Removes the client's subscription to {@code filter}; true when there was one. */
    public boolean remove(String clientId, TopicFilter filter) {
        return remove(root, filter.levels(), 0, key(clientId, filter.text()));
    }

    private boolean remove(Node node, List<String> levels, int depth, String key) {
        if (depth == levels.size()) {
            return node.subscriptions.remove(key) != null;
        }
        String level = levels.get(depth);
        Node child = node.children.get(level);
        if (child == null) {
            return false;
        }
        boolean removed = remove(child, levels, depth + 1, key);
        if (removed) {
            prune(node, level, child);
        }
        return removed;
    }

    private static void prune(Node parent, String level, Node child) {
        synchronized (parent) {
            synchronized (child) {
                if (child.isEmpty() && !child.removed) {
                    child.removed = true;
                    parent.children.remove(level, child);
                }
            }
        }
    }

    /** Every subscription whose filter matches {@code topic}. */
    public List<Subscription> match(String topic) {
        List<Subscription> out = new ArrayList<>();
        String[] levels = topic.split("/", -1);
        match(root, levels, 0, TopicNames.isSystemTopic(topic), out);
        return out;
    }

    private static void match(Node node, String[] levels, int depth, boolean systemTopic, List<Subscription> out) {
        boolean wildcardsAllowed = !(depth == 0 && systemTopic);
        if (wildcardsAllowed) {
            Node hash = node.children.get("#");
            if (hash != null) {
                out.addAll(hash.subscriptions.values());
            }
        }
        if (depth == levels.length) {
            out.addAll(node.subscriptions.values());
            return;
        }
        Node exact = node.children.get(levels[depth]);
        if (exact != null) {
            match(exact, levels, depth + 1, systemTopic, out);
        }
        if (wildcardsAllowed) {
            Node plus = node.children.get("+");
            if (plus != null) {
                match(plus, levels, depth + 1, systemTopic, out);
            }
        }
    }

    /** Number of subscriptions held. */
    public int size() {
        return count(root);
    }

    private static int count(Node node) {
        int n = node.subscriptions.size();
        for (Node child : node.children.values()) {
            n += count(child);
        }
        return n;
    }

    private static String key(String clientId, String filterText) {
        return clientId + '\u0000' + filterText;
    }

    private static final class Node {
        final ConcurrentMap<String, Node> children = new ConcurrentHashMap<>();
        final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
        boolean removed;

        boolean isEmpty() {
            return children.isEmpty() && subscriptions.isEmpty();
        }
    }
}
