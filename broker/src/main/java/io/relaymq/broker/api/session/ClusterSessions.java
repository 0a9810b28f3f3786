package io.relaymq.broker.api.session;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.cluster.DisconnectCommands;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.cluster.RemoteSubscriptions;
import io.relaymq.broker.cluster.SessionCommand;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.cluster.SessionReplica;
import io.relaymq.broker.cluster.SubscriptionReplica;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * The cluster's sessions and subscriptions as every node knows them (replicated state), and operator commands
 * sent to the node that owns a session. Only a session's details ask further: its stores for the stored count,
 * and its node for the in-flight count ({@link SessionCounts}).
 */
@Component
public class ClusterSessions {

    private final SessionReplica sessions;
    private final SessionRegistry local;
    private final RemoteSubscriptions remote;
    private final SubscriptionReplica subscriptionState;
    private final DisconnectCommands commands;
    private final NodeRegistry nodes;
    private final NodeProperties node;
    private final Clock clock;
    private final SessionCounts counts;

    ClusterSessions(
            SessionReplica sessions,
            SessionRegistry local,
            RemoteSubscriptions remote,
            SubscriptionReplica subscriptionState,
            DisconnectCommands commands,
            NodeRegistry nodes,
            NodeProperties node,
            Clock clock,
            SessionCounts counts) {
        this.counts = counts;
        this.sessions = sessions;
        this.local = local;
        this.remote = remote;
        this.subscriptionState = subscriptionState;
        this.commands = commands;
        this.nodes = nodes;
        this.node = node;
        this.clock = clock;
    }

    /** Every session's cluster record (a snapshot), without subscriptions. */
    public Map<String, SessionInfo> records() {
        return sessions.all();
    }

    /** Every session in the cluster, without subscription lists. */
    public List<SessionView> all() {
        List<SessionView> all = new ArrayList<>();
        for (Map.Entry<String, SessionInfo> e : sessions.all().entrySet()) {
            all.add(SessionView.of(e.getKey(), e.getValue(), subscriptionViews(e.getKey())));
        }
        return all;
    }

    /** One session with its subscriptions and message counts (see {@link SessionView}). */
    public SessionView details(String clientId) {
        SessionInfo info = info(clientId);
        return SessionView.details(
                clientId,
                info,
                subscriptionViews(clientId),
                counts.stored(clientId, info),
                counts.inFlight(clientId, info, isAlive(info.ownerNode())));
    }

    /** The client's subscriptions, from its session when this node holds it, else from the replicated state. */
    public List<Subscription> subscriptionsOf(String clientId) {
        ClientSession session = local.get(clientId);
        return session != null ? session.subscriptions() : remote.subscriptionsOf(clientId);
    }

    /** Every client's subscriptions in the cluster. */
    public Map<String, List<Subscription>> allSubscriptions() {
        Map<String, List<Subscription>> all = remote.all();
        for (ClientSession session : local.all()) {
            all.put(session.clientId(), session.subscriptions());
        }
        return all;
    }

    public void disconnect(String clientId) {
        disconnect(clientId, "");
    }

    /**
     * Disconnects the client; with a {@code sessionId} (not empty) only while that is its current session id,
     * else {@link ApiNotFoundException}. The session's node checks the id again when the command reaches it.
     */
    public void disconnect(String clientId, String sessionId) {
        info(clientId, sessionId);
        send(clientId, SessionCommand.of(SessionCommand.Kind.DISCONNECT, sessionId));
    }

    public void remove(String clientId) {
        remove(clientId, "");
    }

    /**
     * Removes the session; when its node is gone, its records are ended from here. With a {@code sessionId}
     * (not empty) only while that is the client's current session id, else {@link ApiNotFoundException}.
     */
    public void remove(String clientId, String sessionId) {
        SessionInfo info = info(clientId, sessionId);
        if (!isAlive(info.ownerNode())) {
            subscriptionState.removed(clientId);
            sessions.writeFor(clientId, null);
            return;
        }
        send(clientId, SessionCommand.of(SessionCommand.Kind.REMOVE, sessionId));
    }

    public void replaceSubscriptions(String clientId, List<Subscription> subscriptions) {
        send(clientId, SessionCommand.setSubscriptions(subscriptions));
    }

    public SessionInfo info(String clientId) {
        return sessions.get(clientId).orElseThrow(() -> new ApiNotFoundException("no session of client " + clientId));
    }

    /** The client's session record, if it has one with {@code sessionId} (empty: any). */
    private SessionInfo info(String clientId, String sessionId) {
        SessionInfo info = info(clientId);
        if (!sessionId.isEmpty() && !sessionId.equals(info.details().sessionId())) {
            throw new ApiNotFoundException(
                    "no session " + sessionId + " of client " + clientId + " (its current session id is another)");
        }
        return info;
    }

    private void send(String clientId, SessionCommand command) {
        String owner = info(clientId).ownerNode();
        try {
            commands.send(owner, clientId, command).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending the command");
        } catch (Exception e) {
            throw new IllegalStateException("could not send the command to the session's node: " + e.getMessage(), e);
        }
    }

    private List<SubscriptionView> subscriptionViews(String clientId) {
        return subscriptionsOf(clientId).stream().map(SubscriptionView::of).toList();
    }

    private boolean isAlive(String nodeId) {
        try {
            long now = clock.millis();
            return nodes.nodes().stream()
                    .anyMatch(n -> n.nodeId().equals(nodeId) && n.isAliveAt(now, node.deadAfter()));
        } catch (Exception e) {
            return true;
        }
    }
}
