package io.relaymq.broker.api.session;

import io.relaymq.broker.cluster.DisconnectCommands;
import io.relaymq.broker.cluster.InFlightCounts;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.persistence.application.ApplicationBacklog;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.device.DeviceMessageStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The message counts of one session's details: messages stored for it (Redis for a persistent DEVICE session,
 * its Kafka topic for a persistent APPLICATION session) and messages in flight to its client (from the node
 * that holds the session). Null where a count does not apply or could not be read in time.
 */
@Component
class SessionCounts {

    /** The most a details request waits for Redis. */
    static final Duration STORE_WAIT = Duration.ofSeconds(2);

    private static final Logger log = LoggerFactory.getLogger(SessionCounts.class);

    private final SessionRegistry local;
    private final DisconnectCommands commands;
    private final DeviceMessageStore deviceStore;
    private final ApplicationBacklog applicationBacklog;
    private final String self;

    SessionCounts(
            SessionRegistry local,
            DisconnectCommands commands,
            DeviceMessageStore deviceStore,
            ApplicationBacklog applicationBacklog,
            NodeId nodeId) {
        this.local = local;
        this.commands = commands;
        this.deviceStore = deviceStore;
        this.applicationBacklog = applicationBacklog;
        this.self = nodeId.value();
    }

    /** Messages stored for a persistent session; null for a clean session, or when the store did not answer. */
    Long stored(String clientId, SessionInfo info) {
        if (!info.isPersistent()) {
            return null;
        }
        try {
            if (ClientType.APPLICATION.name().equals(info.details().clientType())) {
                return applicationBacklog.waiting(clientId);
            }
            return deviceStore.count(clientId).toCompletableFuture().get(STORE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn("[{}] stored message count not read", clientId, e);
            return null;
        }
    }

    /**
     * Messages in flight to the client, from this node's copy of the session or from the node that holds it;
     * null when no node answers in time (or the owner is {@code ownerAlive} false).
     */
    Integer inFlight(String clientId, SessionInfo info, boolean ownerAlive) {
        ClientSession session = local.get(clientId);
        CompletableFuture<Integer> count;
        if (session != null) {
            count = session.inFlightCount();
        } else if (!self.equals(info.ownerNode()) && ownerAlive) {
            count = commands.inFlightCount(info.ownerNode(), clientId);
        } else {
            return null;
        }
        try {
            return count.get(InFlightCounts.ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }
}
