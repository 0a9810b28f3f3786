package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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

    ClusterSessionDirectory NONE = (clientId, expirySeconds) -> CompletableFuture.completedFuture(Optional.empty());

    /**
     * Makes this node the owner of {@code clientId}'s session, cluster-wide; completes with the session
     * as it was before (if the cluster knew one), after its previous owner was told to let go.
     */
    CompletionStage<Optional<KnownSession>> claim(String clientId, long expirySeconds);
}
