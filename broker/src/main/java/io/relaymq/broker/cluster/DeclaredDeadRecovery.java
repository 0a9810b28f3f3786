package io.relaymq.broker.cluster;

import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Recovery for a node that another node declared dead while it was alive (see {@link DeadNodeSweeper}):
 * the sweeper recorded this node's persistent sessions as disconnected and ended its clean ones, so
 * messages for those clients no longer reach the connections this node still holds. The node closes each
 * such connection (5.0: DISCONNECT 0x8B "server shutting down") so the client reconnects, to any node, and
 * resumes from its persistent state, which the sweeper left intact. Closing is simpler and safer than
 * re-asserting the claim: a record of the same generation saying "connected" again would be rejected as
 * stale, and a new generation is only granted by a connect.
 */
@Component
public class DeclaredDeadRecovery {

    /** 5.0 DISCONNECT reason "Server shutting down": the client should reconnect. */
    static final byte SERVER_SHUTTING_DOWN = MqttReasonCodes.Disconnect.SERVER_SHUTTING_DOWN.byteValue();

    private static final Logger log = LoggerFactory.getLogger(DeclaredDeadRecovery.class);

    private final SessionRegistry local;

    public DeclaredDeadRecovery(SessionReplica replica, SessionRegistry local) {
        this.local = local;
        replica.onClaimLost(this::lost);
    }

    void lost(String clientId, long generation) {
        ClientSession session = local.get(clientId);
        if (session == null) {
            return;
        }
        session.execute(() -> {
            if (session.isConnected() && session.ownershipVersion() == generation) {
                log.warn(
                        "[{}] another node declared this node dead and took back the session of generation {}: "
                                + "closing the connection so that the client reconnects",
                        clientId,
                        generation);
                session.connection().close(SERVER_SHUTTING_DOWN);
            }
        });
    }
}
