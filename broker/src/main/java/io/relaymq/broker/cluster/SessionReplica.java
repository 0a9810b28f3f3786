package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;

/**
 * Client sessions as cluster state on {@code relaymq.client.session}: which node owns each session,
 * whether it is connected, and its expiry. Local sessions report their changes; every node reads the
 * whole topic so a CONNECT anywhere knows where the client's session was.
 */
@Component
public class SessionReplica extends ReplicatedState implements SessionChanges {

    private final String self;
    private final Map<String, SessionInfo> sessions = new ConcurrentHashMap<>();

    public SessionReplica(KafkaProperties kafka, KafkaClientConfigs configs, ConsumerLoops loops, Admin admin,
                          NodeId nodeId,
                          NodeProperties node, StateWrites writes) {
        super(node.dependencyTimeout(), 60);
        this.self = nodeId.value();
        use(new StateTopicReplica(kafka.state().sessionsTopic(), kafka, configs, loops, admin, nodeId, writes, this::apply));
    }

    /** The last known state of {@code clientId}'s session anywhere in the cluster. */
    public Optional<SessionInfo> get(String clientId) {
        return Optional.ofNullable(sessions.get(clientId));
    }

    /** Recorded only while this node is still the known owner, so a late disconnect cannot undo a takeover. */
    @Override
    public void disconnected(String clientId, long expirySeconds) {
        SessionInfo known = sessions.get(clientId);
        if (known != null && !known.ownerNode().equals(self)) {
            return;
        }
        SessionDetails details = known == null ? SessionDetails.UNKNOWN : known.details();
        SessionInfo info = new SessionInfo(self, false, expirySeconds, details.withDisconnectedAt(System.currentTimeMillis()));
        sessions.put(clientId, info);
        replica().write(clientId, info.encode());
    }

    @Override
    public void ended(String clientId) {
        SessionInfo known = sessions.get(clientId);
        if (known != null && !known.ownerNode().equals(self)) {
            return;
        }
        sessions.remove(clientId);
        replica().write(clientId, null);
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        if (record.value() == null) {
            sessions.remove(clientId);
        } else {
            sessions.put(clientId, SessionInfo.decode(record.value()));
        }
    }

    /** Every known session owned by {@code nodeId}. */
    public Map<String, SessionInfo> ownedBy(String nodeId) {
        Map<String, SessionInfo> owned = new java.util.HashMap<>();
        sessions.forEach((clientId, info) -> {
            if (info.ownerNode().equals(nodeId)) {
                owned.put(clientId, info);
            }
        });
        return owned;
    }

    /** Writes the session state of a client of a dead node (null = tombstone). */
    public void writeFor(String clientId, SessionInfo info) {
        if (info == null) {
            sessions.remove(clientId);
        } else {
            sessions.put(clientId, info);
        }
        replica().write(clientId, info == null ? null : info.encode());
    }

    /** Every known session in the cluster (a snapshot). */
    public Map<String, SessionInfo> all() {
        return Map.copyOf(sessions);
    }

    public int size() {
        return sessions.size();
    }
}
