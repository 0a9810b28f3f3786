package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import java.util.List;
import java.util.Optional;
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
    /** @param clientType DEVICE or APPLICATION as the session was recorded (null when unknown) */
    record KnownSession(String ownerNode, boolean persistent, List<Subscription> subscriptions, String clientType) {}

    /**
     * The outcome of a claim: the ownership version granted (grows with every decision for the client
     * id) and the session as it was before, if the cluster knew one; {@code refused} when the session
     * belongs to another principal (nothing was granted).
     */
    record Claim(long version, Optional<KnownSession> previous, boolean refused) {
        public Claim(long version, Optional<KnownSession> previous) {
            this(version, previous, false);
        }
    }

    /** Who may continue a session that belongs to another principal (also checked on this node's registry). */
    default SessionOwnership ownership() {
        return SessionOwnership.STRICT;
    }

    /**
     * Makes this node the owner of {@code clientId}'s session, cluster-wide; completes once the decision
     * is made and its previous owner was told to let go.
     */
    CompletionStage<Claim> claim(String clientId, long expirySeconds, SessionDetails details);

    /** True when another node has meanwhile taken over a newer version of the session. */
    boolean isSuperseded(String clientId, long version);
}
