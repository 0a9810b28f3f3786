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
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;
import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.auth.LiveGrants;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.ClientAddresses;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a CONNECT: overload admission, validation, authentication (off the network thread; a refusal gets its
 * reason code, a will topic the client may not publish to is refused), the cluster's grant of the session, then
 * {@link SessionStart} continues or starts the session and sends CONNACK.
 */
public final class ConnectHandler {

    private static final Logger log = LoggerFactory.getLogger(ConnectHandler.class);

    private final ConnectValidator validator;
    private final SessionRegistry registry;
    private final MqttMetrics metrics;
    private final ClusterSessionDirectory cluster;
    private final ClientAuthenticator authenticator;
    private final ConnectAdmission admission;
    private final SessionStart sessionStart;
    private final ClientEvents events;

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
        this.metrics = metrics;
        this.cluster = cluster;
        this.events = sessionContext.events();
        this.sessionStart = new SessionStart(registry, sessionContext, settings, cluster, this::refuse);
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
        AuthRequest credentials = ConnectCredentials.of(channel, connect, request.clientId());
        CompletableFuture<AuthOutcome> authentication = AuthExchange.methodOf(connect, version) != null
                ? AuthExchange.begin(channel, authenticator, credentials, connect)
                : authenticator.authenticate(credentials);
        // a client gone before its turn (closed, or past the CONNECT deadline) costs no credential check;
        // the listener goes once the check is done, so a connection does not hold its outcome for life
        GenericFutureListener<Future<? super Void>> cancelOnClose = closed -> authentication.cancel(false);
        channel.closeFuture().addListener(cancelOnClose);
        authentication.whenComplete((auth, error) -> channel.eventLoop().execute(() -> {
            channel.closeFuture().removeListener(cancelOnClose);
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
                events.authFailed(
                        request.clientId(),
                        userName(connect),
                        ClientAddresses.of(channel),
                        version,
                        code(auth.reject(), v5));
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
        AuthExchange.applyTo(channel, connection);
        connection.setWill(request.will(), request.willDelaySeconds());
        connection.setKeepAliveSeconds(request.keepAliveSeconds());
        connection.setSessionId(UUID.randomUUID().toString());
        // the callbacks live as long as the connection: they hold the client id, not the whole CONNECT
        String clientId = request.clientId();
        LiveGrants.Live live = new LiveGrants.Live(
                clientId,
                grant,
                () -> channel.eventLoop()
                        .execute(() -> connection.close(MqttReasonCodes.Disconnect.NOT_AUTHORIZED.byteValue())),
                () -> recheck(clientId, connection));
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
                request.keepAliveSeconds(),
                connection.sessionId());
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
                        sessionStart.claim(connection, request, granted, onConnected);
                    }
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

    private static String userName(MqttConnectMessage connect) {
        return connect.variableHeader().hasUserName() ? connect.payload().userName() : null;
    }

    private static int code(ConnectReject reject, boolean v5) {
        MqttConnectReturnCode code = reject.code(v5);
        return code == null ? -1 : Byte.toUnsignedInt(code.byteValue());
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
