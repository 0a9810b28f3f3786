package io.relaymq.perf.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.timeout.IdleStateHandler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/**
 * Opens load clients on a shared Netty event loop group (epoll where available). Thousands of
 * connections share a few threads; nothing blocks per connection.
 */
public final class Connector implements AutoCloseable {

    private static final int MAX_PACKET_BYTES = 1 << 20;
    private static final int CONNECT_TIMEOUT_MS = 30_000;

    private final EventLoopGroup group;
    private final Class<? extends SocketChannel> channelType;
    private final SslContext ssl;

    /**
     * @param threads event loop threads (0: Netty's default of 2 per core)
     * @param tls     connect with TLS; the server certificate is not verified (benchmarks use self-signed ones)
     */
    public Connector(int threads, boolean tls) {
        boolean epoll = Epoll.isAvailable();
        this.group = new MultiThreadIoEventLoopGroup(
                threads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        this.channelType = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
        this.ssl = tls ? clientSsl() : null;
    }

    private static SslContext clientSsl() {
        try {
            return SslContextBuilder.forClient()
                    .trustManager(InsecureTrustManagerFactory.INSTANCE)
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for the load generator", e);
        }
    }

    /** Connects and completes with the client once the broker accepted its CONNECT. */
    public CompletableFuture<LoadClient> connect(ClientOptions options) {
        LoadClientHandler handler = new LoadClientHandler();
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(channelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MS)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ChannelPipeline pipeline = ch.pipeline();
                        if (ssl != null) {
                            pipeline.addLast(ssl.newHandler(
                                    ch.alloc(),
                                    options.server().getHostString(),
                                    options.server().getPort()));
                        }
                        pipeline.addLast(new MqttDecoder(MAX_PACKET_BYTES), MqttEncoder.INSTANCE);
                        if (options.keepAlive() > 0) {
                            pipeline.addLast(new IdleStateHandler(0, options.keepAlive(), 0, TimeUnit.SECONDS));
                        }
                        pipeline.addLast(handler);
                    }
                });
        ChannelFuture opened = options.source() == null
                ? bootstrap.connect(options.server())
                : bootstrap.connect(options.server(), options.source());
        CompletableFuture<LoadClient> result = new CompletableFuture<>();
        opened.addListener(f -> {
            if (!f.isSuccess()) {
                result.completeExceptionally(f.cause());
                return;
            }
            Channel channel = opened.channel();
            channel.writeAndFlush(connectMessage(options));
            channel.eventLoop()
                    .schedule(
                            () -> {
                                if (!handler.connected().isDone()) {
                                    handler.connected()
                                            .completeExceptionally(new IllegalStateException("no CONNACK within 30 s"));
                                    channel.close();
                                }
                            },
                            CONNECT_TIMEOUT_MS,
                            TimeUnit.MILLISECONDS);
            handler.connected().whenComplete((ok, error) -> {
                if (error == null) {
                    result.complete(new LoadClient(channel, handler, options.clientId()));
                } else {
                    result.completeExceptionally(error);
                }
            });
        });
        return result;
    }

    static MqttConnectMessage connectMessage(ClientOptions options) {
        MqttMessageBuilders.ConnectBuilder connect = MqttMessageBuilders.connect()
                .protocolVersion(options.mqtt5() ? MqttVersion.MQTT_5 : MqttVersion.MQTT_3_1_1)
                .clientId(options.clientId())
                .cleanSession(options.cleanStart())
                .keepAlive(options.keepAlive());
        if (options.username() != null) {
            connect.hasUser(true).username(options.username());
        }
        if (options.password() != null) {
            connect.hasPassword(true).password(options.password().getBytes(StandardCharsets.UTF_8));
        }
        if (options.mqtt5() && !options.cleanStart() && options.sessionExpiry() > 0) {
            MqttProperties properties = new MqttProperties();
            properties.add(new MqttProperties.IntegerProperty(
                    MqttProperties.MqttPropertyType.SESSION_EXPIRY_INTERVAL.value(), options.sessionExpiry()));
            connect.properties(properties);
        }
        return connect.build();
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
