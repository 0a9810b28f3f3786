package io.relaymq.broker.transport;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.RemoteSubscriptions;
import io.relaymq.broker.connect.ConnectHandler;
import io.relaymq.broker.connect.ConnectValidator;
import io.relaymq.broker.connect.DisconnectHandler;
import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.mqtt.TopicLimits;
import io.relaymq.broker.publish.AckHandler;
import io.relaymq.broker.publish.InboundPublishHandler;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.routing.IntegrationSink;
import io.relaymq.broker.routing.Router;
import io.relaymq.broker.routing.SharedSubscriptionPicker;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscribe.SubscribeHandler;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.support.NoOps;
import io.relaymq.common.message.PublishedMessage;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The broker's real MQTT handler chain on Netty EmbeddedChannels, for byte-level tests. Accepted
 * messages are routed straight back through the {@link Router} instead of a Kafka round trip, so
 * spec tests can see deliveries; {@link #published} records what would have gone to Kafka.
 */
public final class EmbeddedBroker implements AutoCloseable {

    public static final int MAX_PACKET_SIZE = 2048;

    public final List<PublishedMessage> published = new CopyOnWriteArrayList<>();
    /** While true, accepted messages wait as if Kafka had not acknowledged them yet ({@link #acknowledgeHeld}). */
    public volatile boolean holdAcknowledgements;

    private final List<CompletableFuture<Void>> held = new CopyOnWriteArrayList<>();
    public final SessionRegistry registry = new SessionRegistry();
    public final SubscriptionTrie trie = new SubscriptionTrie();
    public final RetainedMessages retained = new RetainedMessages();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final MqttMetrics metrics = new MqttMetrics(meters);
    private final Clock clock = Clock.systemUTC();
    private final MqttSettings settings = settings();
    private final Router router = new Router(
            trie,
            new RemoteSubscriptions(),
            registry,
            retained::apply,
            new SharedSubscriptionPicker(),
            NoOps.REMOTE_DELIVERY,
            client -> Optional.empty(),
            NoOps.PERSISTED_SINK,
            IntegrationSink.NONE,
            metrics,
            clock);
    private final ConnectHandler connect;
    private final PacketDispatcher dispatcher;
    private final int publishRate;
    private final List<EmbeddedChannel> channels = new CopyOnWriteArrayList<>();

    public EmbeddedBroker() {
        this(ConnectAdmission.OPEN, () -> false, 0);
    }

    /** With overload limits: connection admission, a memory-pressure signal and a per-client publish rate. */
    public EmbeddedBroker(ConnectAdmission admission, BooleanSupplier memoryPressure, int publishRate) {
        this(admission, memoryPressure, publishRate, NoOps.INBOUND_QOS2_STORE, NoOps.CLUSTER_SESSIONS);
    }

    /** With the store of QoS 2 packet ids the sessions read before CONNACK (a test can hold its answers). */
    public EmbeddedBroker(InboundQos2Store qos2Store) {
        this(qos2Store, NoOps.CLUSTER_SESSIONS);
    }

    /** The same, with the cluster's answers to the session claims of CONNECTs (a test can order them). */
    public EmbeddedBroker(InboundQos2Store qos2Store, ClusterSessionDirectory cluster) {
        this(ConnectAdmission.OPEN, () -> false, 0, qos2Store, cluster);
    }

    private EmbeddedBroker(
            ConnectAdmission admission,
            BooleanSupplier memoryPressure,
            int publishRate,
            InboundQos2Store qos2Store,
            ClusterSessionDirectory cluster) {
        this.publishRate = publishRate;
        SessionContext context = new SessionContext(
                trie,
                registry,
                this::accept,
                router::redeliverShared,
                NoOps.SUBSCRIPTION_CHANGES,
                NoOps.SESSION_CHANGES,
                settings.maxInflightOutbound(),
                settings.maxQueuedMessages(),
                metrics,
                clock,
                new OutboundWriter(metrics, clock),
                OutboundFactory.inMemory(),
                memoryPressure,
                Long.MAX_VALUE,
                qos2Store,
                ClientEvents.NONE);
        connect = new ConnectHandler(
                new ConnectValidator(settings, TOPIC_LIMITS, clock),
                registry,
                context,
                settings,
                metrics,
                cluster,
                ClientAuthenticator.ANONYMOUS,
                admission);
        dispatcher = new PacketDispatcher(
                new InboundPublishHandler(
                        this::accept,
                        settings,
                        TOPIC_LIMITS,
                        metrics,
                        clock,
                        NoOps.RETAINED_ADMISSION,
                        NoOps.QOS2_RESENDS),
                new AckHandler(),
                new SubscribeHandler(
                        retained, TOPIC_LIMITS, clock, NoOps.SHARED_FILTER_QUOTA, Integer.MAX_VALUE, metrics),
                new DisconnectHandler(settings));
    }

    /** The topic limits of application.yml's defaults: 128 levels, 4096 bytes. */
    public static final TopicLimits TOPIC_LIMITS = new TopicLimits(128, 4096);

    public static MqttSettings settings() {
        return settingsWithConnectTimeout(Duration.ofSeconds(10));
    }

    static MqttSettings settingsWithConnectTimeout(Duration connectTimeout) {
        return new MqttSettings(
                new MqttSettings.Listeners(
                        new MqttSettings.Listener(true, "127.0.0.1", 0, null),
                        new MqttSettings.Listener(false, "127.0.0.1", 0, "/mqtt"),
                        new MqttSettings.Listener(false, "127.0.0.1", 0, null),
                        new MqttSettings.Listener(false, "127.0.0.1", 0, "/mqtt")),
                connectTimeout,
                MAX_PACKET_SIZE,
                64,
                0,
                20,
                100,
                1000,
                10,
                Duration.ofDays(7),
                true,
                false,
                noTls(),
                new MqttSettings.Netty(0, 128, 32768, 65536));
    }

    static MqttSettings.Tls noTls() {
        return new MqttSettings.Tls(
                null,
                null,
                null,
                null,
                null,
                "PKCS12",
                null,
                null,
                null,
                "PKCS12",
                "none",
                List.of("TLSv1.2", "TLSv1.3"));
    }

    private CompletableFuture<Void> accept(PublishedMessage message) {
        published.add(message);
        router.route(message);
        if (holdAcknowledgements) {
            CompletableFuture<Void> later = new CompletableFuture<>();
            held.add(later);
            return later;
        }
        return CompletableFuture.completedFuture(null);
    }

    /** Kafka "acknowledges" every message held so far. */
    public void acknowledgeHeld() {
        held.forEach(f -> f.complete(null));
        held.clear();
    }

    /** Connection handlers for a real {@link MqttServer} on this broker's state. */
    public Supplier<MqttConnectionHandler> handlers() {
        return () -> new MqttConnectionHandler(connect, dispatcher, metrics, publishRate);
    }

    /** A new client connection with the production decoder, encoder and connection handler. */
    EmbeddedChannel channel() {
        EmbeddedChannel channel = new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel channel) {
                MqttChannelInitializer.addMqtt(
                        channel.pipeline(),
                        settings,
                        new MqttConnectionHandler(connect, dispatcher, metrics, publishRate));
            }
        });
        channels.add(channel);
        return channel;
    }

    /**
     * Closes every connection this broker opened and releases what the broker wrote that no test read
     * (a real socket would have taken those buffers; here they would only show up as leaks).
     */
    @Override
    public void close() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
        channels.clear();
    }

    /** Writes raw bytes as the client and runs every task they cause. */
    static void send(EmbeddedChannel channel, byte[] bytes) {
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        channel.runPendingTasks();
        channel.runPendingTasks();
    }

    /** Everything the broker wrote to the client so far, as bytes. */
    static byte[] received(EmbeddedChannel channel) {
        channel.runPendingTasks();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object msg;
        while ((msg = channel.readOutbound()) != null) {
            ByteBuf buf = (ByteBuf) msg;
            byte[] b = new byte[buf.readableBytes()];
            buf.readBytes(b);
            buf.release();
            out.writeBytes(b);
        }
        return out.toByteArray();
    }
}
