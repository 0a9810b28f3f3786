package io.relaymq.broker.transport;

import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.mqtt.MqttReasonCodes;

/**
 * A packet that breaks the letter of MQTT, found in its bytes: a Malformed Packet (5.0 reason 0x81) or a
 * Protocol Error (0x82). 3.1.1 has no codes for either; its client only sees the connection closed
 * ([MQTT-4.8.0-1]).
 */
public final class PacketViolation extends DecoderException {

    public static final byte MALFORMED = MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue();
    public static final byte PROTOCOL_ERROR = MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue();

    private final byte reasonCode;

    private PacketViolation(byte reasonCode, String message) {
        super(message, null);
        this.reasonCode = reasonCode;
    }

    public static PacketViolation malformed(String message) {
        return new PacketViolation(MALFORMED, message);
    }

    public static PacketViolation protocolError(String message) {
        return new PacketViolation(PROTOCOL_ERROR, message);
    }

    public byte reasonCode() {
        return reasonCode;
    }

    public boolean isProtocolError() {
        return reasonCode == PROTOCOL_ERROR;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        // raised for every bad packet a client sends; the message says all there is to say
        return this;
    }
}
