package io.relaymq.broker.auth.blocked;

import io.relaymq.broker.cluster.PeriodicSweep;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes blocks that expired more than the clean-up TTL ago, so the compacted topic and every node's
 * copy do not keep them for ever. Every node sweeps; removing a block twice does no harm.
 */
public final class ExpiredBlockSweeper extends PeriodicSweep {

    private static final Logger log = LoggerFactory.getLogger(ExpiredBlockSweeper.class);

    private final BlockedClients blocked;
    private final Duration ttl;

    public ExpiredBlockSweeper(BlockedClients blocked, Duration ttl, Duration interval) {
        super("expired-block-sweeper", interval);
        this.blocked = blocked;
        this.ttl = ttl;
    }

    @Override
    protected void round() {
        int removed = blocked.removeExpired(ttl);
        if (removed > 0) {
            log.info("removed {} blocked-client entries that expired more than {} ago", removed, ttl);
        }
    }
}
