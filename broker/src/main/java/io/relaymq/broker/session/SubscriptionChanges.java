package io.relaymq.broker.session;

import io.relaymq.broker.subscription.Subscription;
import java.util.Collection;

/** Tells the cluster when a local session's subscriptions change or the session ends. */
public interface SubscriptionChanges {
    void changed(String clientId, Collection<Subscription> subscriptions);

    void removed(String clientId);

    /**
     * The session moved to another node, which replicates its subscriptions anew. Until that record
     * arrives, this node must keep routing the client's messages as a remote client's, or messages it
     * routes in between match nobody.
     */
    default void handedOver(String clientId, Collection<Subscription> subscriptions) {}
}
