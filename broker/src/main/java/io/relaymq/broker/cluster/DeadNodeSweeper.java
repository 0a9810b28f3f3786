package io.relaymq.broker.cluster;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cleans up after nodes that stopped without saying goodbye (crash, SIGKILL): once {@link NodeLiveness}
 * judges a node dead (its heartbeat unchanged for the dead-after period as seen from here, not counting
 * time Redis was unreachable), the live node with the lowest id ends that node's clean sessions
 * cluster-wide (their subscriptions would otherwise keep attracting messages), marks its persistent
 * sessions disconnected so their clients find them on any node, and forgets the node.
 */
public final class DeadNodeSweeper extends PeriodicSweep {

    private static final Logger log = LoggerFactory.getLogger(DeadNodeSweeper.class);

    private final NodeRegistry registry;
    private final SessionReplica sessions;
    private final SubscriptionReplica subscriptions;
    private final Clock clock;

    public DeadNodeSweeper(
            NodeRegistry registry,
            SessionReplica sessions,
            SubscriptionReplica subscriptions,
            Duration every,
            Clock clock) {
        super("dead-node-sweeper", every);
        this.clock = clock;
        this.registry = registry;
        this.sessions = sessions;
        this.subscriptions = subscriptions;
    }

    @Override
    protected void round() throws Exception {
        sweep();
    }

    /** One sweep; returns the nodes it cleaned up after. */
    public List<String> sweep() throws Exception {
        long askedAt = clock.millis();
        List<NodeRegistry.NodeInfo> nodes = registry.nodes();
        Set<String> dead = registry.liveness().observe(nodes, askedAt);
        String sweeper = nodes.stream()
                .filter(n -> !dead.contains(n.nodeId()))
                .map(NodeRegistry.NodeInfo::nodeId)
                .sorted()
                .findFirst()
                .orElse(null);
        if (dead.isEmpty() || !registry.self().value().equals(sweeper)) {
            return List.of();
        }
        for (String node : dead.stream().sorted().toList()) {
            cleanUpAfter(node);
            registry.forget(node);
        }
        return dead.stream().sorted().toList();
    }

    private void cleanUpAfter(String deadNode) {
        Map<String, SessionInfo> owned = sessions.ownedBy(deadNode);
        int ended = 0;
        for (Map.Entry<String, SessionInfo> entry : owned.entrySet()) {
            SessionInfo info = entry.getValue();
            if (info.isPersistent()) {
                sessions.writeFor(
                        entry.getKey(),
                        new SessionInfo(
                                deadNode,
                                false,
                                info.expirySeconds(),
                                info.details().withDisconnectedAt(clock.millis()),
                                info.generation()));
            } else {
                subscriptions.removed(entry.getKey());
                sessions.writeFor(entry.getKey(), null);
                ended++;
            }
        }
        log.warn(
                "node {} stopped sending heartbeats: ended {} clean sessions, kept {} persistent ones",
                deadNode,
                ended,
                owned.size() - ended);
    }
}
