package io.relaymq.broker.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttIdentifierRejectedException;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttUnacceptableProtocolVersionException;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.relaymq.broker.connect.AuthExchange;
import io.relaymq.broker.connect.ConnectHandler;
import io.relaymq.broker.limits.TokenBucket;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.ClientAddresses;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MQTT state of one channel: waiting for CONNECT ([MQTT-3.1.0-1]: anything else closes), connecting
 * (packets sent right after CONNECT are kept, bounded, and handled after CONNACK; the socket is not read
 * meanwhile, so an unauthenticated client cannot make the broker hold more; during an enhanced
 * authentication exchange the packets go to its {@link AuthExchange}, which reads one answer at a time), connected (packets go
 * to the session's thread), closed. Malformed input closes the connection with the 5.0 reason code, is
 * logged once, and never touches another client.
 */
public final class MqttConnectionHandler extends ChannelInboundHandlerAdapter {

    static final String IDLE_HANDLER = "idle";
    static final String DECODER = "mqttDecoder";
    private static final Logger log = LoggerFactory.getLogger(MqttConnectionHandler.class);
    private static final AttributeKey<MqttVersion> VERSION = AttributeKey.valueOf("NETTY_CODEC_MQTT_VERSION");
    private static final int EARLY_PACKET_LIMIT = 1000;

    private enum State {
        AWAITING_CONNECT,
        CONNECTING,
        CONNECTED,
        CLOSED
    }

    private final ConnectHandler connectHandler;
    private final PacketDispatcher dispatcher;
    private final MqttMetrics metrics;
    private final TokenBucket publishBudget;
    private final Queue<MqttMessage> early = new ArrayDeque<>(2);
    private State state = State.AWAITING_CONNECT;
    private MqttConnection connection;
    private ClientSession session;

    public MqttConnectionHandler(ConnectHandler connectHandler, PacketDispatcher dispatcher, MqttMetrics metrics) {
        this(connectHandler, dispatcher, metrics, 0);
    }

    /** {@code publishRate}: PUBLISH packets per second this client may send (0: no limit). */
    public MqttConnectionHandler(
            ConnectHandler connectHandler, PacketDispatcher dispatcher, MqttMetrics metrics, int publishRate) {
        this.connectHandler = connectHandler;
        this.dispatcher = dispatcher;
        this.metrics = metrics;
        this.publishBudget = publishRate > 0 ? new TokenBucket(publishRate, System::nanoTime) : null;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        ChannelGroup group = ctx.channel().attr(MqttServer.CONNECTIONS).get();
        if (group != null) {
            group.add(ctx.channel());
        }
        metrics.connectionOpened();
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof MqttMessage message)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (message.decoderResult().isFailure()) {
            ReferenceCountUtil.release(message);
            malformed(ctx, message.decoderResult().cause());
            return;
        }
        switch (state) {
            case AWAITING_CONNECT -> onFirstPacket(ctx, message);
            case CONNECTING -> keepEarly(ctx, message);
            case CONNECTED -> {
                boolean publish = message.fixedHeader().messageType() == MqttMessageType.PUBLISH;
                dispatch(message);
                if (publish && publishBudget != null) {
                    throttle(ctx);
                }
            }
            default -> ReferenceCountUtil.release(message);
        }
    }

    private void onFirstPacket(ChannelHandlerContext ctx, MqttMessage message) {
        if (message.fixedHeader().messageType() != MqttMessageType.CONNECT) {
            ReferenceCountUtil.release(message);
            log.info(
                    "{} closed: first packet was {}, not CONNECT",
                    ClientAddresses.of(ctx.channel()),
                    message.fixedHeader().messageType());
            metrics.connectionRejected("no_connect");
            close(ctx);
            return;
        }
        MqttConnectMessage connect = (MqttConnectMessage) message;
        state = State.CONNECTING;
        ctx.channel().config().setAutoRead(false);
        MqttVersion version = ctx.channel().attr(VERSION).get();
        boolean accepted = connectHandler.handle(
                ctx.channel(),
                connect,
                version == null ? MqttVersion.MQTT_3_1_1 : version,
                (conn, s) -> ctx.executor().execute(() -> connected(ctx, conn, s)));
        if (!accepted) {
            state = State.CLOSED;
        }
    }

    private void keepEarly(ChannelHandlerContext ctx, MqttMessage message) {
        AuthExchange exchange = AuthExchange.running(ctx.channel());
        if (exchange != null) {
            try {
                exchange.onPacket(message);
            } finally {
                ReferenceCountUtil.release(message);
            }
            return;
        }
        if (early.size() >= EARLY_PACKET_LIMIT) {
            ReferenceCountUtil.release(message);
            log.info(
                    "{} closed: more than {} packets before CONNACK",
                    ClientAddresses.of(ctx.channel()),
                    EARLY_PACKET_LIMIT);
            close(ctx);
            return;
        }
        early.add(message);
    }

    private void connected(ChannelHandlerContext ctx, MqttConnection conn, ClientSession s) {
        if (state == State.CLOSED) {
            // gone between its CONNACK and now: channelInactive did not know the session, so it hears of it here
            s.execute(() -> s.detach(conn));
            return;
        }
        if (state != State.CONNECTING) {
            return;
        }
        connection = conn;
        session = s;
        state = State.CONNECTED;
        ConnectDeadline.removeFrom(ctx.pipeline());
        FirstPacketLimit.removeFrom(ctx.pipeline());
        int keepAlive = conn.keepAliveSeconds();
        if (keepAlive > 0 && ctx.pipeline().get(DECODER) != null) {
            // [MQTT-3.1.2-24]: no packet within one and a half keep alive periods closes the connection
            ctx.pipeline()
                    .addBefore(
                            DECODER,
                            IDLE_HANDLER,
                            new IdleStateHandler(keepAlive * 1500L, 0, 0, TimeUnit.MILLISECONDS));
        }
        ctx.channel().config().setAutoRead(true);
        MqttMessage next;
        while ((next = early.poll()) != null) {
            dispatch(next);
        }
    }

    /**
     * Over its publish rate, the client is not read from until its budget has a token again: TCP pushes
     * back on it, and nothing it sent is dropped.
     */
    private void throttle(ChannelHandlerContext ctx) {
        if (publishBudget.tryTake()) {
            return;
        }
        ctx.channel().config().setAutoRead(false);
        metrics.throttled();
        ctx.executor()
                .schedule(
                        () -> {
                            ctx.channel().config().setAutoRead(true);
                            ctx.read();
                        },
                        Math.max(1, publishBudget.nanosUntilNext()),
                        TimeUnit.NANOSECONDS);
    }

    private void dispatch(MqttMessage message) {
        MqttConnection conn = connection;
        ClientSession s = session;
        s.execute(() -> {
            try {
                if (!conn.isClosing()) {
                    dispatcher.dispatch(conn, s, message);
                }
            } finally {
                ReferenceCountUtil.release(message);
            }
        });
    }

    private void malformed(ChannelHandlerContext ctx, Throwable cause) {
        if (state == State.CLOSED) {
            return;
        }
        String who = connection != null ? connection.toString() : String.valueOf(ClientAddresses.of(ctx.channel()));
        log.info("{} closed: malformed packet ({})", who, cause.getMessage());
        metrics.dropped("malformed_packet", 1);
        if (state == State.AWAITING_CONNECT) {
            MqttVersion version = ctx.channel().attr(VERSION).get();
            boolean v5 = version == MqttVersion.MQTT_5;
            ConnectReject reject = cause instanceof MqttUnacceptableProtocolVersionException
                    ? ConnectReject.UNSUPPORTED_PROTOCOL
                    : cause instanceof MqttIdentifierRejectedException
                            ? ConnectReject.CLIENT_ID_INVALID
                            : cause instanceof TooLongFrameException
                                    ? ConnectReject.PACKET_TOO_LARGE
                                    : cause instanceof PacketViolation v && v.isProtocolError()
                                            ? ConnectReject.PROTOCOL_ERROR
                                            : ConnectReject.MALFORMED;
            state = State.CLOSED;
            connectHandler.refuse(ctx.channel(), v5, reject, "", cause.getMessage());
            return;
        }
        state = State.CLOSED;
        if (connection != null) {
            byte reason = cause instanceof TooLongFrameException
                    ? MqttReasonCodes.Disconnect.PACKET_TOO_LARGE.byteValue()
                    : cause instanceof PacketViolation v
                            ? v.reasonCode()
                            : MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue();
            connection.close(reason);
        } else {
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof ServerShutdown shutdown) {
            if (connection != null) {
                connection.close(shutdown.reasonCode());
            } else {
                close(ctx);
            }
            return;
        }
        if (evt == ConnectDeadline.EXPIRED) {
            if (state != State.CLOSED) {
                log.info(
                        "{} closed: {} within the CONNECT deadline (MQTT_CONNECT_TIMEOUT)",
                        ClientAddresses.of(ctx.channel()),
                        state == State.AWAITING_CONNECT ? "no complete CONNECT" : "not authenticated");
                metrics.connectionRejected("connect_timeout");
            }
            close(ctx);
            return;
        }
        if (evt instanceof IdleStateEvent) {
            if (connection == null) {
                close(ctx);
            } else {
                log.info("{} closed: keep alive timeout", connection);
                connection.close(MqttReasonCodes.Disconnect.KEEP_ALIVE_TIMEOUT.byteValue());
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable() && session != null) {
            ClientSession s = session;
            s.execute(s::drain);
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        state = State.CLOSED;
        metrics.connectionClosed();
        MqttMessage pending;
        while ((pending = early.poll()) != null) {
            ReferenceCountUtil.release(pending);
        }
        if (session != null) {
            ClientSession s = session;
            MqttConnection conn = connection;
            s.execute(() -> s.detach(conn));
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String who = connection != null ? connection.toString() : String.valueOf(ClientAddresses.of(ctx.channel()));
        if (cause instanceof IOException) {
            if (connection != null) {
                connection.markNetworkError();
            }
            log.debug("{} connection error: {}", who, cause.getMessage());
        } else if (cause instanceof DecoderException) {
            log.info("{} closed: undecodable input ({})", who, cause.getMessage());
        } else {
            log.warn("{} closed after an unexpected error", who, cause);
        }
        close(ctx);
    }

    private void close(ChannelHandlerContext ctx) {
        state = State.CLOSED;
        ctx.close();
    }
}
