package io.relaymq.broker.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.ClusterSessionDirectory.Claim;
import io.relaymq.broker.cluster.ClusterSessionDirectory.KnownSession;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session part of a CONNECT the cluster granted: the client's session on this node is continued, replaced or
 * created, a connection that held it is taken over ([MQTT-3.1.4-3]: 5.0 DISCONNECT 0x8E), and CONNACK goes out
 * once the session's stored QoS 2 state was read. Of CONNECTs of one client id that overlap (on this node or on
 * two), the one that claimed the session last keeps it; an older one still reading state is told it was taken
 * over when it gets there, so exactly one connection stays. When a clean start replaces an old session, the old one
 * is ended on its own thread before the new one is used, so none of its subscriptions can outlive it.
 */
final class SessionStart {

    private static final Logger log = LoggerFactory.getLogger(SessionStart.class);

    /** How a CONNECT is refused (CONNACK with a reason code, logged once). */
    interface Refusal {
        void refuse(Channel channel, boolean v5, ConnectReject reject, String clientId, String detail);
    }

    private final SessionRegistry registry;
    private final SessionContext sessionContext;
    private final MqttSettings settings;
    private final ClusterSessionDirectory cluster;
    private final Refusal refusal;

    SessionStart(
            SessionRegistry registry,
            SessionContext sessionContext,
            MqttSettings settings,
            ClusterSessionDirectory cluster,
            Refusal refusal) {
        this.registry = registry;
        this.sessionContext = sessionContext;
        this.settings = settings;
        this.cluster = cluster;
        this.refusal = refusal;
    }

    /**
     * The cluster granted {@code connection}'s CONNECT the session: it continues or starts here, an older connection
     * with the client id is taken over, and CONNACK goes out once the session's stored state was read.
     */
    void claim(
            MqttConnection connection,
            ConnectRequest request,
            Claim granted,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        ClientSession[] replaced = new ClientSession[1];
        boolean[] resumed = new boolean[1];
        boolean[] foreign = new boolean[1];
        boolean[] superseded = new boolean[1];
        String principal = connection.grant().principal();
        ClientSession session = registry.claim(request.clientId(), current -> {
            if (current != null && !current.isEnded() && !cluster.ownership().permits(current.principal(), principal)) {
                foreign[0] = true;
                return current;
            }
            if (current != null && !current.isEnded() && current.claims().claimedSince(granted.version())) {
                // the cluster granted a newer CONNECT after this one, and its grant got here first
                superseded[0] = true;
                return current;
            }
            if (current != null
                    && !request.cleanStart()
                    && !current.isEnded()
                    && current.clientType() == connection.grant().clientType()) {
                resumed[0] = true;
                current.ownedBy(principal);
                current.claims().claimedAt(granted.version());
                return current;
            }
            replaced[0] = current;
            ClientSession created = new ClientSession(
                    request.clientId(),
                    connection.grant().clientType(),
                    connection.channel().eventLoop(),
                    sessionContext,
                    request.expirySeconds() > 0);
            created.ownedBy(principal);
            created.claims().claimedAt(granted.version());
            return created;
        });
        if (superseded[0]) {
            lostTheRace(connection, false);
        } else if (foreign[0]) {
            refusal.refuse(
                    connection.channel(),
                    connection.isV5(),
                    ConnectReject.NOT_AUTHORIZED,
                    request.clientId(),
                    "the session on this node belongs to another principal");
        } else if (resumed[0]) {
            session.execute(() -> {
                if (session.isEnded()) {
                    claim(connection, request, granted, onConnected);
                    return;
                }
                session.claims().claimFor(connection);
                kick(session.connection());
                SubscriptionRecheck.dropDisallowed(session, connection.grant());
                afterQos2State(
                        session.inboundQos2().resume(granted.version(), request.expirySeconds(), session::execute),
                        connection,
                        session,
                        request,
                        true,
                        granted.version(),
                        onConnected);
            });
        } else if (replaced[0] != null) {
            ClientSession old = replaced[0];
            old.execute(() -> {
                kick(old.connection());
                old.end();
                session.execute(() -> acceptNew(connection, session, request, granted, onConnected));
            });
        } else {
            session.execute(() -> acceptNew(connection, session, request, granted, onConnected));
        }
    }

    /**
     * A session new to this node: when the cluster knew one for this client elsewhere (another node, or
     * this node before a restart; its old owner has been told to let go), a persistent one continues
     * here with its subscriptions unless the client asked for a clean start.
     */
    private void acceptNew(
            MqttConnection connection,
            ClientSession session,
            ConnectRequest request,
            Claim granted,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        if (session.isEnded()) {
            // handed to another node, or replaced by a newer CONNECT here, before this one got its turn
            lostTheRace(connection, false);
            return;
        }
        session.claims().claimFor(connection);
        kick(session.connection());
        Optional<KnownSession> known = granted.previous();
        boolean present = false;
        ClientType type = connection.grant().clientType();
        if (known.isPresent()
                && known.get().persistent()
                && known.get().clientType() != null
                && !known.get().clientType().equals(type.name())) {
            // the client changed kind: the other kind's stored state goes, and the session starts anew
            log.info(
                    "{} is now {} (was {}): its {} state is removed",
                    connection,
                    type,
                    known.get().clientType(),
                    known.get().clientType());
            sessionContext
                    .outbounds()
                    .kindChanged(
                            request.clientId(), ClientType.valueOf(known.get().clientType()));
            known = Optional.empty();
        }
        if (known.isPresent()) {
            if (!request.cleanStart() && known.get().persistent()) {
                SubscriptionRecheck.allowed(request.clientId(), known.get().subscriptions(), connection.grant())
                        .forEach(session::subscribe);
                present = true;
                log.info(
                        "{} continues its session from node {}",
                        connection,
                        known.get().ownerNode());
            }
        }
        boolean clear = !present
                && (request.expirySeconds() > 0
                        || granted.previous().map(KnownSession::persistent).orElse(false));
        afterQos2State(
                session.inboundQos2()
                        .begin(present, clear, granted.version(), request.expirySeconds(), session::execute),
                connection,
                session,
                request,
                present,
                granted.version(),
                onConnected);
    }

    /**
     * CONNACK only once the QoS 2 packet ids kept for the session were read (or, for a new one, removed), so
     * that no PUBLISH is handled before ([MQTT-4.3.3-10]). When the store fails the client is refused and
     * tries again; the session stays like after any lost connection.
     */
    private void afterQos2State(
            CompletionStage<Void> qos2State,
            MqttConnection connection,
            ClientSession session,
            ConnectRequest request,
            boolean present,
            long version,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        qos2State.whenComplete((ok, error) -> session.execute(() -> {
            if (error == null) {
                accept(connection, session, request, present, version, onConnected);
                return;
            }
            log.warn("[{}] QoS 2 packet ids awaiting PUBREL not read or cleared", request.clientId(), error);
            refusal.refuse(
                    connection.channel(),
                    connection.isV5(),
                    ConnectReject.SERVER_UNAVAILABLE,
                    request.clientId(),
                    "the session's QoS 2 state is unavailable");
            connection
                    .channel()
                    .closeFuture()
                    .addListener(closed -> session.execute(() -> {
                        if (!session.isClaimedBy(connection)) {
                            return;
                        }
                        session.setExpirySeconds(request.expirySeconds());
                        session.attach(connection, present);
                        session.detach(connection);
                    }));
        }));
    }

    /**
     * A CONNECT that lost the session to a newer one before its CONNACK: like a connection taken over, it is told
     * (CONNACK, then for 5.0 DISCONNECT 0x8E) and closed, and leaves the session as the newer one has it.
     */
    private static void lostTheRace(MqttConnection connection, boolean present) {
        log.info("{} was taken over by a newer CONNECT during its own", connection);
        if (connection.isActive()) {
            connection.send(MqttMessageBuilders.connAck()
                    .returnCode(MqttConnectReturnCode.CONNECTION_ACCEPTED)
                    .sessionPresent(present)
                    .properties(MqttProperties.NO_PROPERTIES)
                    .build());
            connection.close(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER.byteValue());
        }
    }

    private static void kick(MqttConnection previous) {
        if (previous != null) {
            log.info("{} taken over by a new connection", previous);
            previous.close(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER.byteValue());
        }
    }

    private void accept(
            MqttConnection connection,
            ClientSession session,
            ConnectRequest request,
            boolean present,
            long version,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        if (!session.isClaimedBy(connection)) {
            // a newer CONNECT (here or on another node) claimed the session while this one read its state
            lostTheRace(connection, present);
            return;
        }
        session.inboundQos2().connectionBegins();
        session.setExpirySeconds(request.expirySeconds());
        session.setOwnershipVersion(version);
        if (!connection.isActive()) {
            // gone before CONNACK: the session starts its expiry like after any disconnect
            session.attach(connection, present);
            session.detach(connection);
            return;
        }
        MqttConnAckMessage connAck = MqttMessageBuilders.connAck()
                .returnCode(MqttConnectReturnCode.CONNECTION_ACCEPTED)
                .sessionPresent(present)
                .properties(connection.isV5() ? connAckProperties(request, connection) : MqttProperties.NO_PROPERTIES)
                .build();
        connection.send(connAck);
        session.attach(connection, present);
        connection.markAnnounced();
        sessionContext
                .events()
                .connected(
                        connection,
                        connection.grant().placeholderValues().username(),
                        request.cleanStart(),
                        request.expirySeconds(),
                        present);
        log.debug("{} connected ({}, session {})", connection, connection.version(), present ? "resumed" : "new");
        onConnected.accept(connection, session);
        if (cluster.isSuperseded(request.clientId(), version)) {
            // another node took the session over while this CONNECT was on its way: let go at once
            log.info("{} was taken over by another node during its CONNECT", connection);
            session.handOver();
        }
    }

    private MqttProperties connAckProperties(ConnectRequest request, MqttConnection connection) {
        MqttMessageBuilders.ConnAckPropertiesBuilder props = new MqttMessageBuilders.ConnAckPropertiesBuilder()
                .receiveMaximum(settings.receiveMaximum())
                .maximumPacketSize(settings.maxPacketSize())
                .topicAliasMaximum(settings.topicAliasMaximum())
                .retainAvailable(true)
                .wildcardSubscriptionAvailable(true)
                .subscriptionIdentifiersAvailable(true)
                .sharedSubscriptionAvailable(true);
        if (request.assigned()) {
            props.assignedClientId(request.clientId());
        }
        if (request.serverKeepAlive() != null) {
            props.serverKeepAlive(request.serverKeepAlive());
        }
        if (request.expiryCapped()) {
            props.sessionExpiryInterval(request.expirySeconds());
        }
        if (request.responseInformation() && settings.responseInformationEnabled()) {
            props.responseInformation("relaymq/response/" + request.clientId());
        }
        if (connection.authenticationMethod() != null) {
            // [MQTT-4.12.0-5]: a successful CONNACK after enhanced authentication repeats the method
            props.authenticationMethod(connection.authenticationMethod());
            if (connection.connAckAuthenticationData() != null) {
                props.authenticationData(connection.connAckAuthenticationData());
            }
        }
        return props.build();
    }
}
