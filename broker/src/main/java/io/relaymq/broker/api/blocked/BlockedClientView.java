package io.relaymq.broker.api.blocked;

import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClient.RegexMatchTarget;
import java.time.Duration;

/**
 * A block as the API shows it (TBMQ's shape). {@code status}: ACTIVE until it expires, then EXPIRED, and
 * DELETING_SOON once half of the clean-up TTL has passed since it expired.
 */
record BlockedClientView(
        BlockedType type,
        long expirationTime,
        String status,
        String description,
        String value,
        RegexMatchTarget regexMatchTarget) {

    static BlockedClientView of(BlockedClient c, long nowMillis, Duration ttl) {
        String status;
        if (!c.isExpired(nowMillis)) {
            status = "ACTIVE";
        } else if (nowMillis - c.expirationTime() >= ttl.toMillis() / 2) {
            status = "DELETING_SOON";
        } else {
            status = "EXPIRED";
        }
        return new BlockedClientView(
                c.type(), c.expirationTime(), status, c.description(), c.value(), c.regexMatchTarget());
    }
}
