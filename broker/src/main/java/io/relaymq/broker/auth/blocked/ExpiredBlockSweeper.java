package io.relaymq.broker.auth.blocked;

import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.cluster.PeriodicSweep;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes blocks that expired more than the clean-up TTL ago, so the compacted topic and every node's
 * copy do not keep them for ever. Only the live node with the lowest id sweeps, so one copy decides.
 */
public final class ExpiredBlockSweeper extends PeriodicSweep {

    private static final Logger log = LoggerFactory.getLogger(ExpiredBlockSweeper.class);

    private final BlockedClients blocked;
    private final NodeRegistry registry;
    private final Clock clock;
    private final Duration ttl;

    public ExpiredBlockSweeper(
            BlockedClients blocked, NodeRegistry registry, Clock clock, Duration ttl, Duration interval) {
        super("expired-block-sweeper", positive(interval, "MQTT_BLOCKED_CLIENT_CLEANUP_INTERVAL"));
        this.blocked = blocked;
        this.registry = registry;
        this.clock = clock;
        this.ttl = positive(ttl, "MQTT_BLOCKED_CLIENT_CLEANUP_TTL");
    }

    @Override
    protected void round() throws Exception {
        long now = clock.millis();
        List<NodeRegistry.NodeInfo> nodes = registry.nodes();
        // the same judgement as the other cluster sweeps: silence seen on this node's clock
        Set<String> dead = registry.liveness().observe(nodes, now);
        String sweeper = nodes.stream()
                .map(NodeRegistry.NodeInfo::nodeId)
                .filter(id -> !dead.contains(id))
                .sorted()
                .findFirst()
                .orElse(null);
        if (!registry.self().value().equals(sweeper)) {
            return;
        }
        int removed = blocked.removeExpired(ttl);
        if (removed > 0) {
            log.info("removed {} blocked-client entries that expired more than {} ago", removed, ttl);
        }
    }

    private static Duration positive(Duration value, String variable) {
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(variable + " must be positive, not " + value);
        }
        return value;
    }
}
