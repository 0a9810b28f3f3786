package io.relaymq.broker.session;

import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.metrics.MqttMetrics;
import java.time.Clock;

/** Writes outbound PUBLISH and PUBREL packets to a connection, dropping what may not be sent. */
public final class OutboundWriter {

    private final MqttMetrics metrics;
    private final Clock clock;

    public OutboundWriter(MqttMetrics metrics, Clock clock) {
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * Sends {@code message} with {@code packetId}; false (counted as dropped) when it expired meanwhile or
     * is larger than the client's Maximum Packet Size ([MQTT-3.1.2-25]).
     */
    public boolean publish(MqttConnection connection, OutboundMessage message, int packetId, boolean dup) {
        long now = clock.millis();
        if (message.message().isExpired(now)) {
            metrics.dropped("expired", message.qos(), 1);
            return false;
        }
        if (PublishPackets.estimatedSize(message, connection.isV5()) > connection.clientMaxPacketSize()) {
            metrics.dropped("too_large", message.qos(), 1);
            return false;
        }
        connection.send(PublishPackets.publish(
                message,
                packetId,
                dup,
                connection.isV5(),
                now,
                connection.aliasFor(message.message().topic())));
        if (!dup) {
            metrics.messageOut(message.qos(), message.message().payload().length);
        }
        return true;
    }

    public void pubrel(MqttConnection connection, int packetId) {
        connection.send(PublishPackets.reply(MqttMessageType.PUBREL, packetId, (byte) 0));
    }

    /** [MQTT-4.3.3] 5.0: PUBREC for a packet id with nothing in flight gets PUBREL 0x92. */
    public void pubrelUnknown(MqttConnection connection, int packetId) {
        connection.send(PublishPackets.reply(
                MqttMessageType.PUBREL, packetId, MqttReasonCodes.PubRel.PACKET_IDENTIFIER_NOT_FOUND.byteValue()));
    }

    public boolean isExpired(OutboundMessage message) {
        return message.message().isExpired(clock.millis());
    }
}
