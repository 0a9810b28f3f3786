package io.relaymq.broker.publish;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;

/** PUBACK, PUBREC, PUBREL and PUBCOMP from a client. Runs on the session's thread. */
public final class AckHandler {

    private static final byte PACKET_ID_NOT_FOUND = (byte) 0x92;
    private static final byte SUCCESS = 0;

    public void handle(MqttConnection connection, ClientSession session, MqttMessage message) {
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
