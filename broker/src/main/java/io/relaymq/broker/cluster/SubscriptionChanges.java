package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import java.util.Collection;

/** Tells the cluster when a local session's subscriptions change or the session ends. */
public interface SubscriptionChanges {

    SubscriptionChanges NONE = new SubscriptionChanges() {
        @Override
        public void changed(String clientId, Collection<Subscription> subscriptions) {
        }

        @Override
        public void removed(String clientId) {
        }
    };

    void changed(String clientId, Collection<Subscription> subscriptions);

    void removed(String clientId);
}
