package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.SessionChanges;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Client sessions as cluster state on {@code relaymq.client.session}: which node owns each session,
 * whether it is connected, and its expiry. Local sessions report their changes; every node reads the
 * whole topic so a CONNECT anywhere knows where the client's session was. Records are ordered by the
 * generation of the connect they belong to ({@link SessionTable}): a late write of an older connect
 * changes nothing, and the node named in the newer record writes it again so that compaction keeps it.
 */
@Component
public class SessionReplica extends ReplicatedState implements SessionChanges {

    private static final Logger log = LoggerFactory.getLogger(SessionReplica.class);

    private final String self;
    private final SessionTable sessions = new SessionTable();
    private volatile ClaimLost claimLost = (clientId, generation) -> {};

    /** Told when another node recorded a connected session of this node as disconnected or ended. */
    @FunctionalInterface
    public interface ClaimLost {
        void lost(String clientId, long generation);
    }

    public SessionReplica(
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes) {
        super(node.dependencyTimeout(), 60);
        this.self = nodeId.value();
        use(new StateTopicReplica(
                kafka.state().sessionsTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    /** Sets who is told when another node takes back this node's claim on a connected session. */
    public void onClaimLost(ClaimLost listener) {
        this.claimLost = listener;
    }

    /** The last known state of {@code clientId}'s session anywhere in the cluster. */
    public Optional<SessionInfo> get(String clientId) {
        return sessions.get(clientId);
    }

    /** Returns once every session record written to the cluster before this call has been applied here. */
    public void catchUp(Duration timeout) {
        replica().catchUp(timeout);
    }

    /** Whether the newest record of the client's session names another node as its owner. */
    public boolean ownedElsewhere(String clientId) {
        return sessions.get(clientId).map(i -> !i.ownerNode().equals(self)).orElse(false);
    }

    /** The newest generation known for the client id (of its session, or of the one that last ended). */
    public long generation(String clientId) {
        return sessions.generation(clientId);
    }

    /**
     * Recorded only while this node's copy is still the newest known, so a late disconnect cannot undo a
     * takeover: not when the record names another owner or a newer generation.
     */
    @Override
    public void disconnected(
            String clientId,
            ClientType clientType,
            String principal,
            String sessionId,
            long expirySeconds,
            long generation) {
        SessionInfo known = sessions.get(clientId).orElse(null);
        if (known != null && !known.ownerNode().equals(self)) {
            log.debug("[{}] disconnect not recorded: the session is on node {} now", clientId, known.ownerNode());
            return;
        }
        SessionDetails details = disconnectDetails(known, clientType, principal, sessionId, System.currentTimeMillis());
        SessionInfo info = new SessionInfo(self, false, expirySeconds, details, generation);
        if (!sessions.put(clientId, info).applied()) {
            log.debug("[{}] disconnect of generation {} not recorded: a newer connect is known", clientId, generation);
            return;
        }
        replica().write(clientId, info.encode());
    }

    /**
     * The details a disconnect records: those of the record known here, or when the deciding node's record has not
     * arrived yet, the session's own kind and owner (never a default kind: an APPLICATION session recorded as DEVICE
     * would have its messages routed where its node does not read them, and its next connect taken for a change of
     * kind that drops its stored state), and the closed connection's session id.
     */
    static SessionDetails disconnectDetails(
            SessionInfo known, ClientType clientType, String principal, String sessionId, long now) {
        SessionDetails details = known != null
                ? known.details()
                : new SessionDetails(clientType.name(), "", "", false, 0, 0, principal, 0, sessionId);
        return details.withDisconnectedAt(now);
    }

    @Override
    public void ended(String clientId, long generation) {
        SessionInfo known = sessions.get(clientId).orElse(null);
        if (known != null && !known.ownerNode().equals(self)) {
            return;
        }
        if (sessions.end(clientId, generation).applied()) {
            replica().write(clientId, null, tombstoneHeaders(generation));
        }
    }

    /** Writes the session state of a client on another node (null = tombstone of the generation held). */
    public void writeFor(String clientId, SessionInfo info) {
        if (info == null) {
            long generation =
                    sessions.get(clientId).map(SessionInfo::generation).orElse(0L);
            sessions.end(clientId, generation);
            replica().write(clientId, null, tombstoneHeaders(generation));
        } else {
            sessions.put(clientId, info);
            replica().write(clientId, info.encode());
        }
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        SessionInfo before = sessions.get(clientId).orElse(null);
        if (record.value() == null) {
            Header header = record.headers().lastHeader(SessionInfo.GENERATION_HEADER);
            long generation = SessionInfo.generationOf(header == null ? null : header.value());
            SessionTable.Outcome outcome = sessions.end(clientId, generation);
            if (!outcome.applied()) {
                restate(clientId, outcome, null);
            } else if (claimedHere(before) && (generation == 0 || generation == before.generation())) {
                claimLost.lost(clientId, before.generation());
            }
            return;
        }
        SessionInfo info = SessionInfo.decode(record.value());
        SessionTable.Outcome outcome = sessions.put(clientId, info);
        if (outcome.applied() && claimedHere(before) && !info.connected() && info.generation() == before.generation()) {
            claimLost.lost(clientId, before.generation());
        }
        if (!outcome.applied()) {
            log.debug(
                    "[{}] ignored a stale session record of generation {} (node {})",
                    clientId,
                    info.generation(),
                    info.ownerNode());
            restate(clientId, outcome, info.ownerNode());
        }
    }

    /**
     * Whether the table says this node holds a connection of the session. This node's own disconnects and
     * ends change the table before they are written, so a record that takes such a claim back when it is
     * read comes from another node (the dead-node sweeper).
     */
    private boolean claimedHere(SessionInfo held) {
        return held != null && held.connected() && held.ownerNode().equals(self);
    }

    /**
     * A stale record now comes last in the topic, and compaction would keep it: the node the newer state
     * names (for an ended session, the node that wrote the stale record) writes that state again.
     */
    private void restate(String clientId, SessionTable.Outcome outcome, String staleWriter) {
        SessionInfo held = outcome.held();
        String responsible = held != null ? held.ownerNode() : staleWriter;
        if (!self.equals(responsible)) {
            return;
        }
        if (held != null) {
            replica().writeIfIdle(clientId, held.encode(), List.of());
        } else {
            replica().writeIfIdle(clientId, null, tombstoneHeaders(outcome.endedGeneration()));
        }
    }

    private static List<Header> tombstoneHeaders(long generation) {
        return generation == 0
                ? List.of()
                : List.of(new RecordHeader(SessionInfo.GENERATION_HEADER, SessionInfo.generationHeader(generation)));
    }

    /** Every known session owned by {@code nodeId}. */
    public Map<String, SessionInfo> ownedBy(String nodeId) {
        Map<String, SessionInfo> owned = new HashMap<>();
        sessions.snapshot().forEach((clientId, info) -> {
            if (info.ownerNode().equals(nodeId)) {
                owned.put(clientId, info);
            }
        });
        return owned;
    }

    /** Every known session in the cluster (a snapshot). */
    public Map<String, SessionInfo> all() {
        return sessions.snapshot();
    }

    public int size() {
        return sessions.size();
    }
}
