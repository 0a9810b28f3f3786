package io.relaymq.broker.cluster;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The directory backed by the session-ownership protocol (one deciding node per client id) and the
 * replicated subscriptions.
 */
@Component
public class ReplicatedSessionDirectory implements ClusterSessionDirectory {

    private static final Logger log = LoggerFactory.getLogger(ReplicatedSessionDirectory.class);

    private final SessionEventClient events;
    private final RemoteSubscriptions subscriptions;
    private final MovedSessions moved;
    private final SessionOwnership ownership;

    public ReplicatedSessionDirectory(
            SessionEventClient events,
            RemoteSubscriptions subscriptions,
            MovedSessions moved,
            SessionOwnership ownership) {
        this.ownership = ownership;
        if (ownership.takeoverByOtherPrincipal()) {
            log.warn(
                    "any principal may take over any client's session (MQTT_SESSION_TAKEOVER_BY_OTHER_PRINCIPAL=true)");
        }
        this.events = events;
        this.subscriptions = subscriptions;
        this.moved = moved;
    }

    @Override
    public CompletionStage<Claim> claim(String clientId, long expirySeconds, SessionDetails details) {
        return events.requestOwnership(clientId, expirySeconds, details)
                .thenApply(decision -> new Claim(
                        decision.version(),
                        decision.previousOwner() == null
                                ? Optional.empty()
                                : Optional.of(new KnownSession(
                                        decision.previousOwner(),
                                        decision.previousPersistent(),
                                        subscriptions.subscriptionsOf(clientId),
                                        decision.previousClientType())),
                        decision.refused()));
    }

    @Override
    public SessionOwnership ownership() {
        return ownership;
    }

    @Override
    public boolean isSuperseded(String clientId, long version) {
        return moved.isSuperseded(clientId, version);
    }
}
