package io.relaymq.broker.cluster;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides which nodes stopped sending heartbeats, on evidence this node actually had. Staleness is
 * measured on this node's own clock ("when did I last see that node's heartbeat change"), never from the
 * timestamp the other node wrote, so clock skew between nodes and heartbeats that arrive late (queued
 * during an outage) cannot make a live node look dead. Time during which the heartbeat store could not
 * be read or written does not count either: a node is dead only once {@code deadAfter} has passed both
 * since its heartbeat last changed and since the store became reachable again. Thread-safe.
 */
public final class NodeLiveness {

    private final Clock clock;
    private final Duration deadAfter;
    private final Map<String, Seen> seen = new HashMap<>();
    private long reachableAgainAt;
    private boolean unreachable;

    private record Seen(long heartbeat, long changedAt) {}

    public NodeLiveness(Clock clock, Duration deadAfter) {
        this.clock = clock;
        this.deadAfter = deadAfter;
        this.reachableAgainAt = clock.millis();
    }

    /** A read or write of the heartbeat store failed: until it answers again, nobody can be judged. */
    public synchronized void storeFailed() {
        unreachable = true;
    }

    /** The heartbeat store answered; the first answer after a failure restarts the clock for everyone. */
    public synchronized void storeAnswered() {
        if (unreachable) {
            unreachable = false;
            reachableAgainAt = clock.millis();
        }
    }

    /**
     * Records the heartbeats just read from the store and returns the nodes among them that are dead;
     * nodes no longer in the store are forgotten. {@code askedAt} is this node's clock just before the
     * read: a pause of this node between asking and observing then only makes it more lenient.
     */
    public synchronized Set<String> observe(List<NodeRegistry.NodeInfo> nodes, long askedAt) {
        long now = clock.millis();
        seen.keySet()
                .retainAll(nodes.stream().map(NodeRegistry.NodeInfo::nodeId).collect(Collectors.toSet()));
        for (NodeRegistry.NodeInfo node : nodes) {
            Seen before = seen.get(node.nodeId());
            if (before == null || before.heartbeat() != node.lastSeenMillis()) {
                seen.put(node.nodeId(), new Seen(node.lastSeenMillis(), now));
            }
        }
        if (unreachable) {
            return Set.of();
        }
        long deadline = askedAt - deadAfter.toMillis();
        return seen.entrySet().stream()
                .filter(e -> Math.max(e.getValue().changedAt(), reachableAgainAt) < deadline)
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }
}
