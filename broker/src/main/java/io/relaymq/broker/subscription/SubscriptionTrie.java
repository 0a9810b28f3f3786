package io.relaymq.broker.subscription;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.broker.topic.TopicNames;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Every subscription of the node, indexed by filter level so that a topic is matched in time
 * proportional to its depth, not to the number of subscriptions. Safe for concurrent readers (the
 * Kafka consumers) and writers (sessions); a match sees each subscription either before or after a
 * concurrent change, never half of it. Empty branches are pruned on removal. No operation recurses:
 * a topic or filter of any depth costs heap proportional to it, never call stack.
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

    /**
     * Removes the client's subscription to {@code filter}; true when there was one. The branch is walked
     * down once, remembering the path, and pruned upwards from its end while nodes are left empty.
     */
    public boolean remove(String clientId, TopicFilter filter) {
        List<String> levels = filter.levels();
        Node[] path = new Node[levels.size() + 1];
        path[0] = root;
        for (int depth = 0; depth < levels.size(); depth++) {
            path[depth + 1] = path[depth].children.get(levels.get(depth));
            if (path[depth + 1] == null) {
                return false;
            }
        }
        if (path[levels.size()].subscriptions.remove(key(clientId, filter.text())) == null) {
            return false;
        }
        for (int depth = levels.size();
                depth > 0 && prune(path[depth - 1], levels.get(depth - 1), path[depth]);
                depth--) {
            // each pass detached one empty node; the loop stops at the first node still in use
        }
        return true;
    }

    /** Detaches {@code child} when it holds nothing; true when it did. */
    private static boolean prune(Node parent, String level, Node child) {
        synchronized (parent) {
            synchronized (child) {
                if (child.isEmpty() && !child.removed) {
                    child.removed = true;
                    parent.children.remove(level, child);
                    return true;
                }
                return false;
            }
        }
    }

    /**
     * Every subscription whose filter matches {@code topic}. The branches still to visit are kept on an
     * explicit stack, so the depth of a topic costs heap, never the routing thread's call stack.
     */
    public List<Subscription> match(String topic) {
        List<Subscription> out = new ArrayList<>();
        if (root.isEmpty()) {
            // the integration and remote-node indexes are empty on most nodes: no split per message
            return out;
        }
        String[] levels = topic.split("/", -1);
        boolean systemTopic = TopicNames.isSystemTopic(topic);
        Deque<Visit> pending = new ArrayDeque<>();
        pending.push(new Visit(root, 0));
        while (!pending.isEmpty()) {
            Visit visit = pending.pop();
            Node node = visit.node();
            int depth = visit.depth();
            boolean wildcardsAllowed = !(depth == 0 && systemTopic);
            if (wildcardsAllowed) {
                Node hash = node.children.get("#");
                if (hash != null) {
                    out.addAll(hash.subscriptions.values());
                }
            }
            if (depth == levels.length) {
                out.addAll(node.subscriptions.values());
                continue;
            }
            Node plus = wildcardsAllowed ? node.children.get("+") : null;
            if (plus != null) {
                pending.push(new Visit(plus, depth + 1));
            }
            Node exact = node.children.get(levels[depth]);
            if (exact != null) {
                pending.push(new Visit(exact, depth + 1));
            }
        }
        return out;
    }

    /** Number of subscriptions held, counted without recursion. */
    public int size() {
        int n = 0;
        Deque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            n += node.subscriptions.size();
            node.children.values().forEach(pending::push);
        }
        return n;
    }

    private record Visit(Node node, int depth) {}

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
