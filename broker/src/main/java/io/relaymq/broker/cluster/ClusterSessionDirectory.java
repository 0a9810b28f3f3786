package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import java.util.List;
import java.util.Optional;

/** What a CONNECT needs to know about the client's session elsewhere in the cluster. */
public interface ClusterSessionDirectory {

    /**
     * A session of a client that is not on this node's registry (on another node, or left by this node
     * before a restart).
     *
     * @param ownerNode     where it lives or lived
     * @param persistent    whether it outlives its connection
     * @param subscriptions its subscriptions as replicated
     */
    record KnownSession(String ownerNode, boolean persistent, List<Subscription> subscriptions) {
    }

    ClusterSessionDirectory NONE = new ClusterSessionDirectory() {
        @Override
        public Optional<KnownSession> find(String clientId) {
            return Optional.empty();
        }

        @Override
        public void takeOver(String ownerNode, String clientId) {
        }
    };

    Optional<KnownSession> find(String clientId);

    /** Tells {@code ownerNode} that the client's session now lives on this node. */
    void takeOver(String ownerNode, String clientId);
}
