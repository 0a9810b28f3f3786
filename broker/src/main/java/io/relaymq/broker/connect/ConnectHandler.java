package io.relaymq.broker.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.auth.LiveGrants;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.ClusterSessionDirectory.Claim;
import io.relaymq.broker.cluster.ClusterSessionDirectory.KnownSession;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.ClientAddresses;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a CONNECT: validation, authentication (off the network thread; a refusal gets its reason code,
 * a will topic the client may not publish to is refused), then the session the client continues or starts, with takeover of
 * a connection that holds the same client id ([MQTT-3.1.4-3]: 5.0 DISCONNECT 0x8E), then CONNACK.
 * When a clean start replaces an old session, the old one is ended on its own thread before the new one
 * is used, so none of its subscriptions can outlive it.
 */
public final class ConnectHandler {

    private static final Logger log = LoggerFactory.getLogger(ConnectHandler.class);

    private final ConnectValidator validator;
    private final SessionRegistry registry;
    private final SessionContext sessionContext;
    private final MqttSettings settings;
    private final MqttMetrics metrics;
    private final ClusterSessionDirectory cluster;
    private final ClientAuthenticator authenticator;
    private final ConnectAdmission admission;

    /** {@code admission}: the node's overload limits, checked before anything else. */
    public ConnectHandler(
            ConnectValidator validator,
            SessionRegistry registry,
            SessionContext sessionContext,
            MqttSettings settings,
            MqttMetrics metrics,
            ClusterSessionDirectory cluster,
            ClientAuthenticator authenticator,
            ConnectAdmission admission) {
        this.admission = admission;
        this.authenticator = authenticator;
        this.validator = validator;
        this.registry = registry;
        this.sessionContext = sessionContext;
        this.settings = settings;
        this.metrics = metrics;
        this.cluster = cluster;
    }

    /**
     * Handles {@code connect}; when accepted, {@code onConnected} runs on the session's thread after
     * CONNACK was sent. Returns false when the connection is refused (and being closed).
     */
    public boolean handle(
            Channel channel,
            MqttConnectMessage connect,
            MqttVersion version,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        boolean v5 = version == MqttVersion.MQTT_5;
        ConnectReject overload = admission.admit();
        if (overload != null) {
            // a flood would log a line per attempt: the metric counts them, the log stays at DEBUG
            metrics.connectionRejected(overload.metricName());
            log.debug("[{}] CONNECT refused: {}", connect.payload().clientIdentifier(), overload);
            send(channel, v5, overload);
            return false;
        }
        ConnectValidator.Outcome outcome = validator.validate(connect, version);
        if (outcome.reject() != null) {
            refuse(channel, v5, outcome.reject(), connect.payload().clientIdentifier(), outcome.detail());
            return false;
        }
        ConnectRequest request = outcome.request();
        CompletableFuture<AuthOutcome> authentication =
                authenticator.authenticate(ConnectCredentials.of(channel, connect, request.clientId()));
        // a client gone before its turn (closed, or past the CONNECT deadline) costs no credential check
        channel.closeFuture().addListener(closed -> authentication.cancel(false));
        authentication.whenComplete((auth, error) -> channel.eventLoop().execute(() -> {
            if (!channel.isActive()) {
                return;
            }
            if (error != null) {
                refuse(
                        channel,
                        v5,
                        ConnectReject.SERVER_UNAVAILABLE,
                        request.clientId(),
                        "authentication failed: " + error);
            } else if (!auth.isGranted()) {
                refuse(channel, v5, auth.reject(), request.clientId(), auth.reason());
            } else if (request.will() != null
                    && !auth.grant().mayPublish(request.will().topic())) {
                refuse(channel, v5, ConnectReject.NOT_AUTHORIZED, request.clientId(), "will topic not allowed");
            } else {
                authenticated(channel, version, request, auth.grant(), onConnected);
            }
        }));
        return true;
    }

    private void authenticated(
            Channel channel,
            MqttVersion version,
            ConnectRequest request,
            ClientGrant grant,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        MqttConnection connection = new MqttConnection(
                channel,
                version,
                request.clientId(),
                request.receiveMaximum(),
                request.maxPacketSize(),
                request.topicAliasMaximum());
        connection.setGrant(grant);
        connection.setWill(request.will(), request.willDelaySeconds());
        connection.setKeepAliveSeconds(request.keepAliveSeconds());
        LiveGrants.Live live = new LiveGrants.Live(
                request.clientId(),
                grant,
                () -> channel.eventLoop()
                        .execute(() -> connection.close(MqttReasonCodes.Disconnect.NOT_AUTHORIZED.byteValue())),
                () -> recheck(request.clientId(), connection));
        authenticator.track(live);
        channel.closeFuture().addListener(f -> authenticator.untrack(live));
        SessionDetails details = new SessionDetails(
                grant.clientType().name(),
                ConnectCredentials.ip(ClientAddresses.of(channel)),
                version.name(),
                request.cleanStart(),
                System.currentTimeMillis(),
                0,
                grant.principal(),
                request.keepAliveSeconds());
        cluster.claim(request.clientId(), request.expirySeconds(), details)
                .whenComplete((granted, error) -> channel.eventLoop().execute(() -> {
                    if (error != null) {
                        refuse(
                                channel,
                                connection.isV5(),
                                ConnectReject.SERVER_UNAVAILABLE,
                                request.clientId(),
                                "the cluster did not confirm the session: " + error);
                    } else if (granted.refused()) {
                        refuse(
                                channel,
                                connection.isV5(),
                                ConnectReject.NOT_AUTHORIZED,
                                request.clientId(),
                                "the session belongs to another principal");
                    } else if (channel.isActive()) {
                        claim(connection, request, granted, onConnected);
                    }
                }));
    }

    private void claim(
            MqttConnection connection,
            ConnectRequest request,
            Claim granted,
            BiConsumer<MqttConnection, ClientSession> onConnected) {
        ClientSession[] replaced = new ClientSession[1];
        boolean[] resumed = new boolean[1];
        boolean[] foreign = new boolean[1];
        String principal = connection.grant().principal();
        ClientSession session = registry.claim(request.clientId(), current -> {
            if (current != null && !current.isEnded() && !cluster.ownership().permits(current.principal(), principal)) {
                foreign[0] = true;
                return current;
            }
            if (current != null
                    && !request.cleanStart()
                    && !current.isEnded()
                    && current.clientType() == connection.grant().clientType()) {
                resumed[0] = true;
                current.ownedBy(principal);
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
            return created;
        });
        if (foreign[0]) {
            refuse(
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
                session.inboundQos2().connectionBegins();
                accept(connection, session, request, present, version, onConnected);
                return;
            }
            log.warn("[{}] QoS 2 packet ids awaiting PUBREL not read or cleared", request.clientId(), error);
            refuse(
                    connection.channel(),
                    connection.isV5(),
                    ConnectReject.SERVER_UNAVAILABLE,
                    request.clientId(),
                    "the session's QoS 2 state is unavailable");
            connection
                    .channel()
                    .closeFuture()
                    .addListener(closed -> session.execute(() -> {
                        session.setExpirySeconds(request.expirySeconds());
                        session.attach(connection, present);
                        session.detach(connection);
                    }));
        }));
    }

    /** The client's rules changed: its session drops what they no longer allow, while this connection is its own. */
    private void recheck(String clientId, MqttConnection connection) {
        ClientSession session = registry.get(clientId);
        if (session != null) {
            session.execute(() -> {
                if (session.connection() == connection) {
                    SubscriptionRecheck.dropDisallowed(session, connection.grant());
                }
            });
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
                .properties(connection.isV5() ? connAckProperties(request) : MqttProperties.NO_PROPERTIES)
                .build();
        connection.send(connAck);
        session.attach(connection, present);
        log.debug("{} connected ({}, session {})", connection, connection.version(), present ? "resumed" : "new");
        onConnected.accept(connection, session);
        if (cluster.isSuperseded(request.clientId(), version)) {
            // another node took the session over while this CONNECT was on its way: let go at once
            log.info("{} was taken over by another node during its CONNECT", connection);
            session.handOver();
        }
    }

    private MqttProperties connAckProperties(ConnectRequest request) {
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
        return props.build();
    }

    /** Sends the refusing CONNACK (3.x: only where 3.x has a code) and closes ([MQTT-3.2.2-4]/[MQTT-3.2.2-5]). */
    public void refuse(Channel channel, boolean v5, ConnectReject reject, String clientId, String detail) {
        metrics.connectionRejected(reject.metricName());
        if (reject == ConnectReject.SERVER_BUSY || reject == ConnectReject.CONNECTION_RATE_EXCEEDED) {
            // load shedding under a flood: the metric counts every refusal, the back-off logs when it starts
            log.debug("[{}] CONNECT refused: {} ({})", clientId, reject, detail);
        } else {
            log.info("[{}] CONNECT refused: {} ({})", clientId, reject, detail);
        }
        send(channel, v5, reject);
    }

    private static void send(Channel channel, boolean v5, ConnectReject reject) {
        MqttConnectReturnCode code = reject.code(v5);
        if (code == null) {
            channel.close();
            return;
        }
        MqttConnAckMessage connAck = MqttMessageBuilders.connAck()
                .returnCode(code)
                .sessionPresent(false)
                .properties(MqttProperties.NO_PROPERTIES)
                .build();
        channel.writeAndFlush(connAck).addListener(ChannelFutureListener.CLOSE);
    }
}
