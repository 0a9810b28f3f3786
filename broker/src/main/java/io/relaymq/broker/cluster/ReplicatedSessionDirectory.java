package io.relaymq.broker.cluster;

import io.relaymq.common.node.NodeId;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The directory from the replicated session and subscription topics, and the disconnect commands. */
@Component
public class ReplicatedSessionDirectory implements ClusterSessionDirectory {

    private final SessionReplica sessions;
    private final RemoteSubscriptions subscriptions;
    private final DisconnectCommands commands;
    private final String self;

    public ReplicatedSessionDirectory(SessionReplica sessions, RemoteSubscriptions subscriptions,
                                      DisconnectCommands commands, NodeId nodeId) {
        this.sessions = sessions;
        this.subscriptions = subscriptions;
        this.commands = commands;
        this.self = nodeId.value();
    }

    @Override
    public Optional<KnownSession> find(String clientId) {
        return sessions.get(clientId).map(info -> new KnownSession(info.ownerNode(), info.isPersistent(),
                subscriptions.subscriptionsOf(clientId)));
    }

    @Override
    public void takeOver(String ownerNode, String clientId) {
        if (!ownerNode.equals(self)) {
            commands.send(ownerNode, clientId);
        }
    }
}
