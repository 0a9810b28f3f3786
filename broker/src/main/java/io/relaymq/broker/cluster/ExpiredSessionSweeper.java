package io.relaymq.broker.cluster;

import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends persistent sessions whose expiry passed while no node held them, so their stored messages do not
 * stay forever: sessions of a node that crashed (the dead-node sweep recorded the time it declared the
 * node dead as their disconnect time) or that restarted and lost its sessions' expiry timers. A session
 * that a live node holds is left to that node's own timer.
 * <p>
 * Every interval, the live node with the lowest id ends the expired sessions of nodes that are not alive,
 * and every node ends the expired sessions it owns on record but does not hold. Ending does cluster-wide
 * what a normal expiry does: the subscriptions and the session record are tombstoned and what the
 * session's kind stored goes (a DEVICE session's Redis keys, an APPLICATION session's Kafka topic). Each
 * step is idempotent, so a sweep repeated after a failure or by a new lowest node does no harm.
 */
public final class ExpiredSessionSweeper extends PeriodicSweep {

    private static final Logger log = LoggerFactory.getLogger(ExpiredSessionSweeper.class);
    /** The MQTT 5.0 session expiry interval that means the session never expires. */
    static final long NEVER = 0xFFFFFFFFL;

    /** Removes what a session of a kind stored outside the cluster state (Redis keys, Kafka topic). */
    @FunctionalInterface
    public interface StoredSessionData {
        void discard(String clientId, ClientType clientType);
    }

    private final NodeRegistry registry;
    private final SessionReplica sessions;
    private final SubscriptionReplica subscriptions;
    private final SessionRegistry local;
    private final StoredSessionData stored;
    private final Clock clock;

    public ExpiredSessionSweeper(
            NodeRegistry registry,
            SessionReplica sessions,
            SubscriptionReplica subscriptions,
            SessionRegistry local,
            StoredSessionData stored,
            Duration interval,
            Clock clock) {
        super("expired-session-sweeper", interval);
        this.registry = registry;
        this.sessions = sessions;
        this.subscriptions = subscriptions;
        this.local = local;
        this.stored = stored;
        this.clock = clock;
    }

    @Override
    protected void round() throws Exception {
        List<String> ended = sweep();
        if (!ended.isEmpty()) {
            log.info("ended {} expired persistent sessions that no node held", ended.size());
        }
    }

    /** One sweep; returns the client ids whose sessions it ended. */
    public List<String> sweep() throws Exception {
        long now = clock.millis();
        List<NodeRegistry.NodeInfo> nodes = registry.nodes();
        // the same judgement as the dead-node sweep: silence seen on this node's clock, outages not counted
        Set<String> dead = registry.liveness().observe(nodes, now);
        Set<String> alive = nodes.stream()
                .map(NodeRegistry.NodeInfo::nodeId)
                .filter(id -> !dead.contains(id))
                .collect(Collectors.toSet());
        String self = registry.self().value();
        boolean lowest = alive.stream().sorted().findFirst().map(self::equals).orElse(false);
        List<String> ended = new ArrayList<>();
        for (Map.Entry<String, SessionInfo> entry : sessions.all().entrySet()) {
            String clientId = entry.getKey();
            SessionInfo info = entry.getValue();
            if (!expired(info, now)) {
                continue;
            }
            boolean mine = info.ownerNode().equals(self);
            boolean ours = mine ? local.get(clientId) == null : lowest && !alive.contains(info.ownerNode());
            if (ours && end(clientId, info)) {
                ended.add(clientId);
            }
        }
        return ended;
    }

    /** Whether a persistent session's expiry has passed since its recorded disconnect. */
    static boolean expired(SessionInfo info, long now) {
        long disconnectedAt = info.details().disconnectedAt();
        return info.isPersistent()
                && !info.connected()
                && info.expirySeconds() < NEVER
                && disconnectedAt > 0
                && disconnectedAt + TimeUnit.SECONDS.toMillis(info.expirySeconds()) <= now;
    }

    private boolean end(String clientId, SessionInfo info) {
        if (!sessions.get(clientId).map(info::equals).orElse(false)) {
            return false;
        }
        log.info(
                "[{}] persistent session of node {} expired {} s after its disconnect while no node held it: ending it",
                clientId,
                info.ownerNode(),
                info.expirySeconds());
        subscriptions.removed(clientId);
        sessions.writeFor(clientId, null);
        stored.discard(clientId, clientType(info));
        return true;
    }

    private static ClientType clientType(SessionInfo info) {
        try {
            return ClientType.valueOf(info.details().clientType());
        } catch (IllegalArgumentException e) {
            return ClientType.DEVICE;
        }
    }
}
