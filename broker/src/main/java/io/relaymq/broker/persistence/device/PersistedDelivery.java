package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.Downlink;
import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.dao.device.SavedMessage;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Hands freshly saved messages to the connected session they are for: directly when it is on this
 * node, else through its node's {@code relaymq.msg.downlink.persisted.<node>}. A client that is not
 * connected anywhere gets them from Redis when it returns.
 */
public class PersistedDelivery {

    private final SessionRegistry sessions;
    private final Function<String, Optional<SessionInfo>> remoteSessions;
    private final Downlink downlink;
    private final MqttMetrics metrics;
    private final String self;

    public PersistedDelivery(
            SessionRegistry sessions,
            Function<String, Optional<SessionInfo>> remoteSessions,
            Downlink downlink,
            MqttMetrics metrics,
            String self) {
        this.sessions = sessions;
        this.remoteSessions = remoteSessions;
        this.downlink = downlink;
        this.metrics = metrics;
        this.self = self;
    }

    /**
     * Whether the client's new messages go straight out: it is connected to this node and its session has
     * nothing waiting before them. They are then saved as sent already (no separate mark per message). For a
     * client of another node this node cannot tell, so its messages are saved as new and marked when sent.
     */
    public boolean sendsAtOnce(String clientId) {
        ClientSession local = sessions.get(clientId);
        return local != null && local.sendsAtOnce();
    }

    /**
     * {@code saved.get(i)} is where {@code stored.get(i)} (an encoded OutboundMessage) was saved; {@code marked}
     * says they were saved as sent already.
     */
    public void deliver(String clientId, List<SavedMessage> saved, List<byte[]> stored, boolean marked) {
        ClientSession local = sessions.get(clientId);
        if (local != null) {
            if (local.isConnected()) {
                PersistedMessage.State state = marked ? PersistedMessage.State.MARKED : PersistedMessage.State.NEW;
                for (int i = 0; i < saved.size(); i++) {
                    SavedMessage s = saved.get(i);
                    local.deliverPersisted(new PersistedMessage(
                            s.packetId(), s.score(), state, OutboundMessageCodec.decode(stored.get(i))));
                }
            }
            return;
        }
        Optional<SessionInfo> info = remoteSessions.apply(clientId);
        if (info.isPresent()
                && info.get().connected()
                && !info.get().ownerNode().equals(self)) {
            for (int i = 0; i < saved.size(); i++) {
                downlink.send(
                        info.get().ownerNode(),
                        clientId,
                        PersistedMessageCodec.encode(
                                saved.get(i).packetId(), saved.get(i).score(), stored.get(i), marked));
            }
        }
    }

    /** A record of this node's persisted downlink. */
    public void arrived(String clientId, byte[] value) {
        ClientSession session = sessions.get(clientId);
        if (session == null) {
            // kept in Redis: the client gets it wherever it connects next
            metrics.dropped("session_moved", 1);
            return;
        }
        session.deliverPersisted(PersistedMessageCodec.decode(value));
    }
}
