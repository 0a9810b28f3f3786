package io.relaymq.broker.transport;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.SslContext;
import io.relaymq.broker.mqtt.MqttSettings;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline of one MQTT connection: the CONNECT deadline (from accept to CONNACK), [PROXY protocol, only from
 * trusted networks], [TLS], [WebSocket], flush consolidation, the size limit of packets before CONNACK, the
 * byte-level packet check, MQTT decoder/encoder, and the connection handler. After CONNACK the deadline and the
 * pre-CONNACK limit go, and the keep-alive check comes.
 */
final class MqttChannelInitializer extends ChannelInitializer<SocketChannel> {

    private static final Logger log = LoggerFactory.getLogger(MqttChannelInitializer.class);
    private static final String WS_SUBPROTOCOLS = "mqtt,mqttv3.1,mqttv3.1.1";

    private final MqttSettings settings;
    private final PreAuthLimits preAuth;
    private final TrustedNetworks proxies;
    private final SslContext tls;
    private final String webSocketPath;
    private final Supplier<MqttConnectionHandler> handlers;

    /** {@code tls} null for plain connections; {@code webSocketPath} null for MQTT straight over TCP. */
    MqttChannelInitializer(
            MqttSettings settings,
            PreAuthLimits preAuth,
            TrustedNetworks proxies,
            SslContext tls,
            String webSocketPath,
            Supplier<MqttConnectionHandler> handlers) {
        this.settings = settings;
        this.preAuth = preAuth;
        this.proxies = proxies;
        this.tls = tls;
        this.webSocketPath = webSocketPath;
        this.handlers = handlers;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (settings.proxyProtocol() && !proxies.contains(channel.remoteAddress())) {
            log.info(
                    "{} closed: PROXY protocol headers are accepted only from {} (MQTT_PROXY_PROTOCOL_TRUSTED_NETWORKS)",
                    channel.remoteAddress(),
                    proxies);
            channel.close();
            return;
        }
        ConnectDeadline.addTo(pipeline, settings.connectTimeout());
        if (settings.proxyProtocol()) {
            pipeline.addLast("proxyProtocol", new HAProxyMessageDecoder());
            pipeline.addLast("proxyAddress", new ProxiedAddress());
        }
        if (tls != null) {
            pipeline.addLast("tls", tls.newHandler(channel.alloc()));
        }
        if (webSocketPath != null) {
            pipeline.addLast("http", new HttpServerCodec());
            pipeline.addLast("httpAggregator", new HttpObjectAggregator(65536));
            pipeline.addLast(
                    "webSocket",
                    new WebSocketServerProtocolHandler(
                            webSocketPath, WS_SUBPROTOCOLS, false, settings.maxPacketSize() + 5));
            pipeline.addLast("wrongPath", new WrongPathResponder(webSocketPath));
            pipeline.addLast("webSocketFrames", new WebSocketFrames());
        }
        addMqtt(pipeline, settings, preAuth, handlers.get());
    }

    /** The MQTT part of the pipeline, shared by every listener (and by the byte-level tests). */
    static void addMqtt(ChannelPipeline pipeline, MqttSettings settings, MqttConnectionHandler handler) {
        addMqtt(pipeline, settings, PreAuthLimits.defaults(), handler);
    }

    static void addMqtt(
            ChannelPipeline pipeline, MqttSettings settings, PreAuthLimits preAuth, MqttConnectionHandler handler) {
        ConnectDeadline.addTo(pipeline, settings.connectTimeout());
        pipeline.addLast("flush", new FlushConsolidationHandler(256, true));
        pipeline.addLast(FirstPacketLimit.NAME, new FirstPacketLimit(preAuth.maxConnectPacketSize()));
        pipeline.addLast("packetCheck", new PacketCheck(settings.maxPacketSize()));
        pipeline.addLast(
                MqttConnectionHandler.DECODER, new MqttDecoder(settings.maxPacketSize(), settings.maxClientIdLength()));
        pipeline.addLast("mqttEncoder", MqttEncoder.INSTANCE);
        pipeline.addLast("mqtt", handler);
    }
}
