package io.relaymq.broker.publish;

import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** PUBACK, PUBREC, PUBREL and PUBCOMP from a client. Runs on the session's thread. */
public final class AckHandler {

    private static final byte PACKET_ID_NOT_FOUND = (byte) 0x92;
    private static final byte SUCCESS = 0;
    private static final byte MALFORMED = (byte) 0x81;
    private static final Logger log = LoggerFactory.getLogger(AckHandler.class);

    public void handle(MqttConnection connection, ClientSession session, MqttMessage message) {
        MqttFixedHeader fixed = message.fixedHeader();
        boolean pubrel = fixed.messageType() == MqttMessageType.PUBREL;
        if (fixed.isDup() || fixed.isRetain() || fixed.qosLevel() != (pubrel ? MqttQoS.AT_LEAST_ONCE : MqttQoS.AT_MOST_ONCE)) {
            // [MQTT-3.6.1-1] PUBREL flags are 0010; PUBACK, PUBREC and PUBCOMP flags are 0000 ([MQTT-2.2.2-2])
            log.info("{} disconnected: reserved flags of {} not as required", connection, fixed.messageType());
            connection.close(MALFORMED);
            return;
        }
        int packetId = ((MqttMessageIdVariableHeader) message.variableHeader()).messageId();
        int reason = message.variableHeader() instanceof MqttPubReplyMessageVariableHeader reply
                ? reply.reasonCode() & 0xFF : 0;
        switch (message.fixedHeader().messageType()) {
            case PUBACK -> session.onPubAck(packetId);
            case PUBREC -> session.onPubRec(packetId, reason >= 0x80);
            case PUBCOMP -> session.onPubComp(packetId);
            case PUBREL -> {
                boolean known = session.awaitingPubrel().remove(packetId);
                connection.send(PublishPackets.reply(MqttMessageType.PUBCOMP, packetId,
                        known || !connection.isV5() ? SUCCESS : PACKET_ID_NOT_FOUND));
            }
            default -> throw new IllegalArgumentException("not an acknowledgement: " + message.fixedHeader().messageType());
        }
    }
}
