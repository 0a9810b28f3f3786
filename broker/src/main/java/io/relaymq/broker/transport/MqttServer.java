package io.relaymq.broker.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.relaymq.broker.cluster.ListenerPorts;
import io.relaymq.broker.mqtt.MqttSettings;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The MQTT listeners (TCP, WebSocket, TLS, secure WebSocket) on Netty, epoll where the OS has it. They open after the Kafka
 * consumers are running and close first on shutdown, so no client is accepted that could not be served.
 */
public final class MqttServer implements SmartLifecycle, ListenerPorts {

    private static final Logger log = LoggerFactory.getLogger(MqttServer.class);
    /** The group every accepted connection joins, so shutdown can reach them all. */
    static final AttributeKey<ChannelGroup> CONNECTIONS = AttributeKey.valueOf("relaymq.connections");

    private final MqttSettings settings;
    private final PreAuthLimits preAuth;
    private final TrustedNetworks proxies;
    private final Supplier<MqttConnectionHandler> handlers;
    private final BooleanSupplier skipClientCertValidity;
    private final DrainPolicy drain;
    private final Map<String, Channel> listeners = new LinkedHashMap<>();
    private ChannelGroup connections;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private volatile boolean running;

    public MqttServer(MqttSettings settings, Supplier<MqttConnectionHandler> handlers) {
        this(settings, handlers, () -> false, DrainPolicy.IMMEDIATE);
    }

    /**
     * @param skipClientCertValidity whether client certificates may be outside their validity dates (X.509 provider)
     * @param drain                  how connections are released on stop
     */
    public MqttServer(
            MqttSettings settings,
            Supplier<MqttConnectionHandler> handlers,
            BooleanSupplier skipClientCertValidity,
            DrainPolicy drain) {
        this(settings, PreAuthLimits.defaults(), handlers, skipClientCertValidity, drain);
    }

    /**
     * @param preAuth what a connection may do before CONNACK; with the PROXY protocol on, its trusted networks
     *                must name the load balancers (else this throws {@link IllegalArgumentException})
     */
    public MqttServer(
            MqttSettings settings,
            PreAuthLimits preAuth,
            Supplier<MqttConnectionHandler> handlers,
            BooleanSupplier skipClientCertValidity,
            DrainPolicy drain) {
        this.proxies = TrustedNetworks.parse(preAuth.proxyProtocolTrustedNetworks());
        if (settings.proxyProtocol() && proxies.isEmpty()) {
            throw new IllegalArgumentException(
                    "MQTT_PROXY_PROTOCOL_ENABLED=true needs MQTT_PROXY_PROTOCOL_TRUSTED_NETWORKS: "
                            + "the networks (CIDR, comma-separated) of the load balancers that send PROXY headers");
        }
        this.preAuth = preAuth;
        this.settings = settings;
        this.handlers = handlers;
        this.skipClientCertValidity = skipClientCertValidity;
        this.drain = drain;
    }

    @Override
    public void start() {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerSocketChannel> channelType =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        boss = new MultiThreadIoEventLoopGroup(1, io);
        workers = new MultiThreadIoEventLoopGroup(settings.netty().workerThreads(), io);
        connections = new DefaultChannelGroup("mqtt-connections", GlobalEventExecutor.INSTANCE);
        MqttSettings.Listeners l = settings.listeners();
        SslContext tls = l.tls().enabled() || l.wss().enabled()
                ? TlsContextFactory.create(settings.tls(), skipClientCertValidity)
                : null;
        if (l.tcp().enabled()) {
            bind("tcp", l.tcp(), channelType, null, null);
        }
        if (l.ws().enabled()) {
            bind("ws", l.ws(), channelType, null, l.ws().path());
        }
        if (l.tls().enabled()) {
            bind("tls", l.tls(), channelType, tls, null);
        }
        if (l.wss().enabled()) {
            bind("wss", l.wss(), channelType, tls, l.wss().path());
        }
        running = true;
        log.info("MQTT listening: {} ({})", boundPorts(), epoll ? "epoll" : "nio");
    }

    private void bind(
            String name,
            MqttSettings.Listener listener,
            Class<? extends ServerSocketChannel> channelType,
            SslContext tls,
            String webSocketPath) {
        MqttSettings.Netty netty = settings.netty();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, netty.soBacklog())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childOption(
                        ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(netty.writeLowWaterMark(), netty.writeHighWaterMark()))
                .childHandler(new MqttChannelInitializer(settings, preAuth, proxies, tls, webSocketPath, handlers))
                .childAttr(CONNECTIONS, connections);
        try {
            Channel channel = bootstrap
                    .bind(new InetSocketAddress(listener.host(), listener.port()))
                    .sync()
                    .channel();
            listeners.put(name, channel);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + name, e);
        } catch (Exception e) {
            stop();
            throw new IllegalStateException(
                    "cannot listen for MQTT " + name + " on " + listener.host() + ":" + listener.port() + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** The ports the listeners are bound to, by listener name (tcp, ws, tls, wss). */
    @Override
    public Map<String, Integer> boundPorts() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        listeners.forEach((name, ch) -> ports.put(name, ((InetSocketAddress) ch.localAddress()).getPort()));
        return ports;
    }

    /**
     * Stops accepting, then drains: tells the clients to go (5.0: DISCONNECT "use another server" when
     * other nodes are up, else "server shutting down"), at the drain rate, and waits, bounded, until the
     * connections are closed; sessions then move to the nodes the clients reconnect to, or start their expiry.
     */
    @Override
    public void stop() {
        running = false;
        listeners.values().forEach(ch -> ch.close().awaitUninterruptibly(5, TimeUnit.SECONDS));
        if (connections != null) {
            drainConnections();
        }
        if (workers != null) {
            workers.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
        if (boss != null) {
            boss.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
    }

    private void drainConnections() {
        long start = System.nanoTime();
        long deadline = start + drain.timeout().toNanos();
        ServerShutdown reason = othersAlive() ? ServerShutdown.USE_ANOTHER_SERVER : ServerShutdown.SHUTTING_DOWN;
        List<Channel> open = new ArrayList<>(connections);
        int perTick = drain.perTick(open.size());
        for (int i = 0; i < open.size() && System.nanoTime() < deadline; i += perTick) {
            open.subList(i, Math.min(open.size(), i + perTick))
                    .forEach(ch -> ch.pipeline().fireUserEventTriggered(reason));
            if (i + perTick < open.size()) {
                sleepTick();
            }
        }
        long left = Math.max(0, deadline - System.nanoTime());
        connections
                .newCloseFuture()
                .awaitUninterruptibly(Math.max(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
        log.info(
                "MQTT listeners closed; {} connections told {} in {} ms, {} still open",
                open.size(),
                reason,
                (System.nanoTime() - start) / 1_000_000,
                connections.size());
    }

    private boolean othersAlive() {
        try {
            return drain.othersAlive().getAsBoolean();
        } catch (RuntimeException e) {
            log.debug("cannot tell whether other nodes are up: {}", e.toString());
            return false;
        }
    }

    private static void sleepTick() {
        try {
            TimeUnit.MILLISECONDS.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** After the Kafka consumers (phase 100). */
    @Override
    public int getPhase() {
        return 200;
    }
}
