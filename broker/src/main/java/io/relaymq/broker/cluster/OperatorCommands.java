package io.relaymq.broker.cluster;

import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Applies an operator's command to a session this node owns, on the session's own thread. A command for
 * a session this node does not hold (any more) only ends a stale cluster record, so that "remove" always
 * removes. A disconnect or remove that names a session id acts only while that is the client's current one
 * (its connection's, or for a disconnected session the one its record keeps), so a command meant for an
 * earlier connection leaves a newer one alone.
 */
@Component
public class OperatorCommands {

    private static final Logger log = LoggerFactory.getLogger(OperatorCommands.class);

    /** 5.0 DISCONNECT reason "Administrative action". */
    public static final byte ADMINISTRATIVE_ACTION = MqttReasonCodes.Disconnect.ADMINISTRATIVE_ACTION.byteValue();

    private final SessionRegistry sessions;
    private final SessionReplica sessionState;
    private final SubscriptionReplica subscriptionState;

    public OperatorCommands(
            SessionRegistry sessions, SessionReplica sessionState, SubscriptionReplica subscriptionState) {
        this.sessions = sessions;
        this.sessionState = sessionState;
        this.subscriptionState = subscriptionState;
    }

    void apply(String clientId, SessionCommand command) {
        ClientSession session = sessions.get(clientId);
        if (session == null) {
            if (command.kind() == SessionCommand.Kind.REMOVE && !command.isFor(recordedSessionId(clientId))) {
                log.info(
                        "[{}] remove ignored: session {} is not the client's current one",
                        clientId,
                        command.sessionId());
            } else if (command.kind() == SessionCommand.Kind.REMOVE && sessionState.ownedElsewhere(clientId)) {
                // the session moved on since the command was sent: its subscriptions belong to its new node
                log.info("[{}] remove ignored: the session is on another node now", clientId);
            } else if (command.kind() == SessionCommand.Kind.REMOVE) {
                log.info("[{}] removing the session record of a session this node no longer holds", clientId);
                subscriptionState.removed(clientId);
                sessionState.ended(clientId, sessionState.generation(clientId));
            } else {
                log.info("[{}] {} ignored: this node holds no session of the client", clientId, command.kind());
            }
            return;
        }
        session.execute(() -> {
            if (!command.isFor(currentSessionId(session))) {
                log.info(
                        "[{}] {} ignored: session {} is not the client's current one",
                        clientId,
                        command.kind(),
                        command.sessionId());
                return;
            }
            applyTo(session, command);
        });
    }

    /** On the session's thread: its connection's session id, or, disconnected, the one its record keeps. */
    private String currentSessionId(ClientSession session) {
        MqttConnection claimant = session.claims().claimant();
        if (claimant != null && claimant != session.connection() && claimant.isActive()) {
            // a newer CONNECT is taking the session over: the id is its own already
            return claimant.sessionId();
        }
        return session.isConnected() ? session.connection().sessionId() : recordedSessionId(session.clientId());
    }

    private String recordedSessionId(String clientId) {
        return sessionState.get(clientId).map(i -> i.details().sessionId()).orElse("");
    }

    private static void applyTo(ClientSession session, SessionCommand command) {
        switch (command.kind()) {
            case DISCONNECT -> {
                if (session.isConnected()) {
                    log.info("[{}] disconnected by an operator", session.clientId());
                    session.connection().close(ADMINISTRATIVE_ACTION);
                }
            }
            case REMOVE -> {
                log.info("[{}] session removed by an operator", session.clientId());
                session.remove(ADMINISTRATIVE_ACTION);
            }
            case SET_SUBSCRIPTIONS -> replaceSubscriptions(session, command);
            case HAND_OVER, IN_FLIGHT_QUERY, IN_FLIGHT_ANSWER ->
                throw new IllegalArgumentException(command.kind() + " is not an operator command");
        }
    }

    private static void replaceSubscriptions(ClientSession session, SessionCommand command) {
        Map<String, Subscription> wanted = new HashMap<>();
        for (Subscription s : command.subscriptions()) {
            wanted.put(s.filter().text(), new Subscription(session.clientId(), s.filter(), s.options()));
        }
        for (Subscription current : session.subscriptions()) {
            if (!wanted.containsKey(current.filter().text())) {
                session.unsubscribe(current.filter());
            }
        }
        for (Subscription s : wanted.values()) {
            session.subscribe(s);
        }
        log.info("[{}] subscriptions replaced by an operator: {}", session.clientId(), wanted.keySet());
    }
}
