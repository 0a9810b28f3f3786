package io.relaymq.broker.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.relaymq.broker.session.PublishPackets;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A scripted MQTT client for spec tests: it encodes with Netty's codec, hands the bytes to the broker's
 * real handler chain on an EmbeddedChannel, and decodes what the broker answers.
 */
public final class SpecClient {

    /** A PUBLISH as the client saw it, payload copied out. */
    public record Received(
            String topic,
            int qos,
            boolean dup,
            boolean retain,
            int packetId,
            String payload,
            MqttProperties properties) {}

    private final EmbeddedChannel server;
    private final EmbeddedChannel codec;
    private final MqttVersion version;

    public SpecClient(EmbeddedBroker broker, MqttVersion version) {
        this.server = broker.channel();
        this.version = version;
        this.codec = new EmbeddedChannel(new MqttDecoder(1 << 20), MqttEncoder.INSTANCE);
        codec.attr(AttributeKey.<MqttVersion>valueOf("NETTY_CODEC_MQTT_VERSION"))
                .set(version);
    }

    public EmbeddedChannel channel() {
        return server;
    }

    public boolean isConnected() {
        return server.isActive();
    }

    public void send(MqttMessage message) {
        codec.writeOutbound(message);
        ByteBuf bytes = codec.readOutbound();
        EmbeddedBroker.send(server, ByteBufUtil.getBytes(bytes));
        bytes.release();
    }

    /** Raw bytes as the client, for packets Netty's encoder cannot produce (malformed or forbidden ones). */
    public void sendBytes(byte[] bytes) {
        EmbeddedBroker.send(server, bytes);
    }

    /** Every packet the broker sent since the last call. */
    public List<MqttMessage> receive() {
        byte[] bytes = EmbeddedBroker.received(server);
        List<MqttMessage> out = new ArrayList<>();
        if (bytes.length > 0) {
            codec.writeInbound(Unpooled.wrappedBuffer(bytes));
            Object m;
            while ((m = codec.readInbound()) != null) {
                out.add((MqttMessage) m);
            }
        }
        return out;
    }

    /** The PUBLISH packets among what the broker sent since the last call. */
    public List<Received> publishes() {
        List<Received> out = new ArrayList<>();
        for (MqttMessage m : receive()) {
            if (m instanceof MqttPublishMessage p) {
                out.add(new Received(
                        p.variableHeader().topicName(),
                        p.fixedHeader().qosLevel().value(),
                        p.fixedHeader().isDup(),
                        p.fixedHeader().isRetain(),
                        p.variableHeader().packetId(),
                        p.payload().toString(StandardCharsets.UTF_8),
                        p.variableHeader().properties()));
            }
            ReferenceCountUtil.release(m);
        }
        return out;
    }

    public MqttConnAckMessage connect(String clientId, boolean cleanStart, MqttProperties props) {
        MqttConnectMessage connect = MqttMessageBuilders.connect()
                .clientId(clientId)
                .protocolVersion(version)
                .cleanSession(cleanStart)
                .keepAlive(60)
                .properties(props == null ? MqttProperties.NO_PROPERTIES : props)
                .build();
        send(connect);
        return (MqttConnAckMessage) receive().stream()
                .filter(m -> m.fixedHeader().messageType() == MqttMessageType.CONNACK)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no CONNACK"));
    }

    public MqttConnAckMessage connect(String clientId, boolean cleanStart) {
        return connect(clientId, cleanStart, null);
    }

    public void subscribe(int packetId, String filter, int qos) {
        send(MqttMessageBuilders.subscribe()
                .messageId(packetId)
                .addSubscription(MqttQoS.valueOf(qos), filter)
                .build());
    }

    public void publish(String topic, int qos, int packetId, String payload, boolean retain) {
        send(MqttMessageBuilders.publish()
                .topicName(topic)
                .qos(MqttQoS.valueOf(qos))
                .retained(retain)
                .messageId(packetId)
                .payload(Unpooled.copiedBuffer(payload, StandardCharsets.UTF_8))
                .build());
    }

    public void publish(String topic, int qos, int packetId, String payload, MqttProperties props) {
        send(MqttMessageBuilders.publish()
                .topicName(topic)
                .qos(MqttQoS.valueOf(qos))
                .messageId(packetId)
                .properties(props)
                .payload(Unpooled.copiedBuffer(payload, StandardCharsets.UTF_8))
                .build());
    }

    public void ack(MqttMessageType type, int packetId) {
        send(PublishPackets.reply(type, packetId, (byte) 0));
    }

    public void disconnect() {
        send(MqttMessageBuilders.disconnect().build());
    }

    /** The network connection drops without DISCONNECT. */
    public void drop() {
        server.close();
        server.runPendingTasks();
    }
}
