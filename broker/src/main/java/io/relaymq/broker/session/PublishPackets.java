package io.relaymq.broker.session;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import java.nio.charset.StandardCharsets;

/** Builds the PUBLISH and acknowledgement packets the broker sends. */
public final class PublishPackets {

    private PublishPackets() {}

    /**
     * A PUBLISH for one subscriber. For 5.0 the forwarded properties are included, the message expiry
     * interval is rewritten to what is left ([MQTT-3.3.2-6]) and the subscription ids are added; with a
     * topic alias the topic name is left out once the alias is known to the client.
     */
    public static MqttPublishMessage publish(
            OutboundMessage out,
            int packetId,
            boolean dup,
            boolean v5,
            long nowMillis,
            MqttConnection.OutboundAlias alias) {
        PublishedMessage m = out.message();
        MqttProperties props = v5 ? properties(out, nowMillis) : MqttProperties.NO_PROPERTIES;
        if (v5 && alias.alias() > 0) {
            props = props == MqttProperties.NO_PROPERTIES ? new MqttProperties() : props;
            props.add(new MqttProperties.IntegerProperty(MqttProperties.TOPIC_ALIAS, alias.alias()));
        }
        MqttFixedHeader fixed =
                new MqttFixedHeader(MqttMessageType.PUBLISH, dup, MqttQoS.valueOf(out.qos()), out.retain(), 0);
        String topic = alias.withTopic() ? m.topic() : "";
        return new MqttPublishMessage(
                fixed,
                new MqttPublishVariableHeader(topic, out.qos() == 0 ? -1 : packetId, props),
                Unpooled.wrappedBuffer(m.payload()));
    }

    /** Encoded size of such a PUBLISH, close enough to enforce the client's Maximum Packet Size. */
    public static long estimatedSize(OutboundMessage out, boolean v5) {
        PublishedMessage m = out.message();
        long body =
                2L + m.topic().getBytes(StandardCharsets.UTF_8).length + (out.qos() > 0 ? 2 : 0) + m.payload().length;
        if (v5) {
            MessageProperties p = m.properties();
            body += 4
                    + (p.payloadFormat() != null ? 2 : 0)
                    + (p.expirySeconds() != null ? 5 : 0)
                    + (p.contentType() != null ? 3 + p.contentType().length() * 3L : 0)
                    + (p.responseTopic() != null ? 3 + p.responseTopic().length() * 3L : 0)
                    + (p.correlationData() != null ? 3 + p.correlationData().length : 0)
                    + out.subscriptionIds().size() * 5L;
            for (UserProperty up : p.userProperties()) {
                body += 5 + (up.name().length() + up.value().length()) * 3L;
            }
        }
        return 1 + 4 + body;
    }

    private static MqttProperties properties(OutboundMessage out, long nowMillis) {
        PublishedMessage m = out.message();
        MessageProperties p = m.properties();
        if (p.isEmpty() && out.subscriptionIds().isEmpty()) {
            return MqttProperties.NO_PROPERTIES;
        }
        MqttProperties props = new MqttProperties();
        if (p.payloadFormat() != null) {
            props.add(new MqttProperties.IntegerProperty(MqttProperties.PAYLOAD_FORMAT_INDICATOR, p.payloadFormat()));
        }
        Long remaining = m.remainingExpirySeconds(nowMillis);
        if (remaining != null) {
            props.add(new MqttProperties.IntegerProperty(
                    MqttProperties.PUBLICATION_EXPIRY_INTERVAL, (int) Math.min(remaining, Integer.MAX_VALUE)));
        }
        if (p.contentType() != null) {
            props.add(new MqttProperties.StringProperty(MqttProperties.CONTENT_TYPE, p.contentType()));
        }
        if (p.responseTopic() != null) {
            props.add(new MqttProperties.StringProperty(MqttProperties.RESPONSE_TOPIC, p.responseTopic()));
        }
        if (p.correlationData() != null) {
            props.add(new MqttProperties.BinaryProperty(MqttProperties.CORRELATION_DATA, p.correlationData()));
        }
        if (!p.userProperties().isEmpty()) {
            MqttProperties.UserProperties user = new MqttProperties.UserProperties();
            p.userProperties().forEach(up -> user.add(up.name(), up.value()));
            props.add(user);
        }
        for (int id : out.subscriptionIds()) {
            props.add(new MqttProperties.IntegerProperty(MqttProperties.SUBSCRIPTION_IDENTIFIER, id));
        }
        return props;
    }

    /** PUBACK, PUBREC, PUBREL or PUBCOMP; the reason code is written for 5.0 only by the encoder. */
    public static MqttMessage reply(MqttMessageType type, int packetId, byte reasonCode) {
        MqttQoS qos = type == MqttMessageType.PUBREL ? MqttQoS.AT_LEAST_ONCE : MqttQoS.AT_MOST_ONCE;
        return new MqttMessage(
                new MqttFixedHeader(type, false, qos, false, 0),
                new MqttPubReplyMessageVariableHeader(packetId, reasonCode, MqttProperties.NO_PROPERTIES));
    }
}
