package io.relaymq.broker.connect;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.subscription.Subscription;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a session's subscriptions within its client's current subscribe rules: what a resumed session
 * brings back, and what a connected session holds when its rules change. A subscription the rules no
 * longer allow is dropped (as if unsubscribed) and logged.
 */
final class SubscriptionRecheck {

    private static final Logger log = LoggerFactory.getLogger(SubscriptionRecheck.class);

    private SubscriptionRecheck() {}

    /** The subscriptions of {@code restored} that {@code grant} allows; the others are logged. */
    static List<Subscription> allowed(String clientId, List<Subscription> restored, ClientGrant grant) {
        return restored.stream()
                .filter(s -> allows(clientId, grant, s, "not restored"))
                .toList();
    }

    /** Drops the subscriptions of {@code session} that {@code grant} no longer allows; on the session's thread. */
    static void dropDisallowed(ClientSession session, ClientGrant grant) {
        if (session.isEnded()) {
            return;
        }
        for (Subscription s : session.subscriptions()) {
            if (!allows(session.clientId(), grant, s, "dropped")) {
                session.unsubscribe(s.filter());
            }
        }
    }

    private static boolean allows(String clientId, ClientGrant grant, Subscription subscription, String action) {
        if (grant.maySubscribe(subscription.filter().text())) {
            return true;
        }
        log.info(
                "[{}] subscription '{}' {}: the client's rules no longer allow it",
                clientId,
                subscription.filter().text(),
                action);
        return false;
    }
}
