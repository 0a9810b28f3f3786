package io.relaymq.broker.transport;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The pipeline of one MQTT connection: [PROXY protocol], [TLS], [WebSocket], flush consolidation, CONNECT timeout (replaced by
 * the keep-alive check after CONNECT), the byte-level packet check, MQTT decoder/encoder, and the connection handler.
 */
final class MqttChannelInitializer extends ChannelInitializer<SocketChannel> {

    private static final String WS_SUBPROTOCOLS = "mqtt,mqttv3.1,mqttv3.1.1";

    private final MqttSettings settings;
    private final SslContext tls;
    private final String webSocketPath;
    private final Supplier<MqttConnectionHandler> handlers;

    /** {@code tls} null for plain connections; {@code webSocketPath} null for MQTT straight over TCP. */
    MqttChannelInitializer(MqttSettings settings, SslContext tls, String webSocketPath,
                           Supplier<MqttConnectionHandler> handlers) {
        this.settings = settings;
        this.tls = tls;
        this.webSocketPath = webSocketPath;
        this.handlers = handlers;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ChannelPipeline pipeline = channel.pipeline();
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
            pipeline.addLast("webSocket", new WebSocketServerProtocolHandler(webSocketPath, WS_SUBPROTOCOLS, false,
                    settings.maxPacketSize() + 5));
            pipeline.addLast("wrongPath", new WrongPathResponder(webSocketPath));
            pipeline.addLast("webSocketFrames", new WebSocketFrames());
        }
        addMqtt(pipeline, settings, handlers.get());
    }

    /** The MQTT part of the pipeline, shared by every listener (and by the byte-level tests). */
    static void addMqtt(ChannelPipeline pipeline, MqttSettings settings, MqttConnectionHandler handler) {
        pipeline.addLast("flush", new FlushConsolidationHandler(256, true));
        pipeline.addLast(MqttConnectionHandler.IDLE_HANDLER,
                new IdleStateHandler(settings.connectTimeout().toMillis(), 0, 0, TimeUnit.MILLISECONDS));
        pipeline.addLast("packetCheck", new PacketCheck(settings.maxPacketSize()));
        pipeline.addLast("mqttDecoder", new MqttDecoder(settings.maxPacketSize(), settings.maxClientIdLength()));
        pipeline.addLast("mqttEncoder", MqttEncoder.INSTANCE);
        pipeline.addLast("mqtt", handler);
    }
}
