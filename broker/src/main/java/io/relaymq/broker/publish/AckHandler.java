package io.relaymq.broker.publish;

import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.PublishPackets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** PUBACK, PUBREC, PUBREL and PUBCOMP from a client. Runs on the session's thread. */
public final class AckHandler {

    private static final Logger log = LoggerFactory.getLogger(AckHandler.class);

    public void handle(MqttConnection connection, ClientSession session, MqttMessage message) {
        MqttFixedHeader fixed = message.fixedHeader();
        boolean pubrel = fixed.messageType() == MqttMessageType.PUBREL;
        if (fixed.isDup()
                || fixed.isRetain()
                || fixed.qosLevel() != (pubrel ? MqttQoS.AT_LEAST_ONCE : MqttQoS.AT_MOST_ONCE)) {
            // [MQTT-3.6.1-1] PUBREL flags are 0010; PUBACK, PUBREC and PUBCOMP flags are 0000 ([MQTT-2.2.2-2])
            log.info("{} disconnected: reserved flags of {} not as required", connection, fixed.messageType());
            connection.close(MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue());
            return;
        }
        int packetId = ((MqttMessageIdVariableHeader) message.variableHeader()).messageId();
        int reason = message.variableHeader() instanceof MqttPubReplyMessageVariableHeader reply
                ? reply.reasonCode() & 0xFF
                : 0;
        switch (message.fixedHeader().messageType()) {
            case PUBACK -> session.onPubAck(packetId);
            case PUBREC -> session.onPubRec(packetId, reason >= 0x80);
            case PUBCOMP -> session.onPubComp(packetId);
            case PUBREL -> release(connection, session, packetId);
            default ->
                throw new IllegalArgumentException(
                        "not an acknowledgement: " + message.fixedHeader().messageType());
        }
    }

    /**
     * PUBREL: the packet id is released, from the store first, then PUBCOMP goes out. When the store cannot
     * forget the id, no PUBCOMP goes out and the connection is closed: the client sends PUBREL again after
     * reconnecting, whereas a PUBCOMP would let it reuse an id the session's next node still holds, and a
     * new PUBLISH with it would be dropped there.
     */
    private static void release(MqttConnection connection, ClientSession session, int packetId) {
        if (!session.awaitingPubrel().contains(packetId)) {
            connection.send(PublishPackets.reply(
                    MqttMessageType.PUBCOMP,
                    packetId,
                    connection.isV5()
                            ? MqttReasonCodes.PubComp.PACKET_IDENTIFIER_NOT_FOUND.byteValue()
                            : MqttReasonCodes.PubComp.SUCCESS.byteValue()));
            return;
        }
        session.inboundQos2()
                .release(packetId)
                .whenComplete((ok, error) -> session.execute(() -> {
                    if (error != null) {
                        log.warn(
                                "[{}] could not release QoS 2 packet id {}, closing without PUBCOMP",
                                connection.clientId(),
                                packetId,
                                error);
                        connection.close(MqttReasonCodes.Disconnect.UNSPECIFIED_ERROR.byteValue());
                        return;
                    }
                    session.inboundQos2().removed(packetId);
                    connection.send(PublishPackets.reply(
                            MqttMessageType.PUBCOMP, packetId, MqttReasonCodes.PubComp.SUCCESS.byteValue()));
                }));
    }
}
