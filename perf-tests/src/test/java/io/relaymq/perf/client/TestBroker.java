package io.relaymq.perf.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubscribeMessage;
import io.netty.handler.codec.mqtt.MqttTopicSubscription;
import io.netty.handler.codec.mqtt.MqttVersion;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny in-memory MQTT broker for the load generator's own tests (not a RelayMQ stand-in): CONNECT
 * (client ids starting with "refuse" are refused), SUBSCRIBE with + and #, PUBLISH at QoS 0/1/2 to matching
 * subscribers, PINGREQ. It forwards before it acknowledges, and can swallow every n-th publish after
 * acknowledging it, so the tests can prove that the generator counts losses.
 */
public final class TestBroker implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    private final Map<Channel, List<MqttTopicSubscription>> subscriptions = new ConcurrentHashMap<>();
    private final Set<String> everSubscribed = ConcurrentHashMap.newKeySet();
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicInteger nextId = new AtomicInteger();
    private final int dropEvery;
    private final Channel server;

    public TestBroker(int dropEvery) throws InterruptedException {
        this.dropEvery = dropEvery;
        this.server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new MqttDecoder(), MqttEncoder.INSTANCE, new Session());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    public long dropped() {
        return dropped.get();
    }

    /** Every filter any client subscribed to, also of clients that have gone since. */
    public Set<String> subscribedFilters() {
        return Set.copyOf(everSubscribed);
    }

    public long published() {
        return published.get();
    }

    static boolean matches(String filter, String topic) {
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length || (!f[i].equals("+") && !f[i].equals(t[i]))) {
                return false;
            }
        }
        return f.length == t.length;
    }

    private final class Session extends SimpleChannelInboundHandler<MqttMessage> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, MqttMessage msg) {
            switch (msg.fixedHeader().messageType()) {
                case CONNECT -> connect(ctx, (MqttConnectMessage) msg);
                case SUBSCRIBE -> subscribe(ctx, (MqttSubscribeMessage) msg);
                case PUBLISH -> publish(ctx, (MqttPublishMessage) msg);
                case PUBREC ->
                    ctx.writeAndFlush(LoadClientHandler.ack(MqttMessageType.PUBREL, MqttQoS.AT_LEAST_ONCE, id(msg)));
                case PUBREL ->
                    ctx.writeAndFlush(LoadClientHandler.ack(MqttMessageType.PUBCOMP, MqttQoS.AT_MOST_ONCE, id(msg)));
                case PINGREQ ->
                    ctx.writeAndFlush(new MqttMessage(
                            new MqttFixedHeader(MqttMessageType.PINGRESP, false, MqttQoS.AT_MOST_ONCE, false, 0)));
                case DISCONNECT -> ctx.close();
                default -> {
                    // PUBACK, PUBCOMP from subscribers: nothing to track here
                }
            }
        }

        private void connect(ChannelHandlerContext ctx, MqttConnectMessage connect) {
            boolean refuse = connect.payload().clientIdentifier().startsWith("refuse");
            boolean v5 = connect.variableHeader().version() == MqttVersion.MQTT_5.protocolLevel();
            MqttConnectReturnCode code = !refuse
                    ? MqttConnectReturnCode.CONNECTION_ACCEPTED
                    : v5
                            ? MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED_5
                            : MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED;
            ctx.writeAndFlush(MqttMessageBuilders.connAck().returnCode(code).build());
            if (refuse) {
                ctx.close();
            }
        }

        private void subscribe(ChannelHandlerContext ctx, MqttSubscribeMessage subscribe) {
            List<MqttTopicSubscription> topics = subscribe.payload().topicSubscriptions();
            subscriptions.computeIfAbsent(ctx.channel(), c -> new ArrayList<>()).addAll(topics);
            topics.forEach(t -> everSubscribed.add(t.topicName()));
            MqttQoS[] granted =
                    topics.stream().map(MqttTopicSubscription::qualityOfService).toArray(MqttQoS[]::new);
            ctx.writeAndFlush(MqttMessageBuilders.subAck()
                    .packetId(subscribe.variableHeader().messageId())
                    .addGrantedQoses(granted)
                    .build());
            ctx.channel().closeFuture().addListener(f -> subscriptions.remove(ctx.channel()));
        }

        private void publish(ChannelHandlerContext ctx, MqttPublishMessage publish) {
            long n = published.incrementAndGet();
            String topic = publish.variableHeader().topicName();
            if (dropEvery > 0 && n % dropEvery == 0) {
                dropped.incrementAndGet();
            } else {
                subscriptions.forEach((channel, subs) -> subs.stream()
                        .filter(s -> matches(s.topicFilter(), topic))
                        .findFirst()
                        .ifPresent(s -> forward(channel, s, publish)));
            }
            int qos = publish.fixedHeader().qosLevel().value();
            int id = publish.variableHeader().packetId();
            if (qos == 1) {
                ctx.writeAndFlush(LoadClientHandler.ack(MqttMessageType.PUBACK, MqttQoS.AT_MOST_ONCE, id));
            } else if (qos == 2) {
                ctx.writeAndFlush(LoadClientHandler.ack(MqttMessageType.PUBREC, MqttQoS.AT_MOST_ONCE, id));
            }
        }

        private void forward(Channel channel, MqttTopicSubscription sub, MqttPublishMessage publish) {
            MqttQoS qos = MqttQoS.valueOf(Math.min(
                    sub.qualityOfService().value(),
                    publish.fixedHeader().qosLevel().value()));
            int id = qos == MqttQoS.AT_MOST_ONCE ? 0 : 1 + Math.floorMod(nextId.getAndIncrement(), 65_535);
            channel.writeAndFlush(new MqttPublishMessage(
                    new MqttFixedHeader(MqttMessageType.PUBLISH, false, qos, false, 0),
                    new MqttPublishVariableHeader(publish.variableHeader().topicName(), id),
                    publish.payload().retainedDuplicate()));
        }

        private static int id(MqttMessage msg) {
            return ((MqttMessageIdVariableHeader) msg.variableHeader()).messageId();
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
