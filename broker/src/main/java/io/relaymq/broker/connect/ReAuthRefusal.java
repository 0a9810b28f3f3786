package io.relaymq.broker.connect;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.session.MqttConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AUTH after CONNACK. The broker does not re-authenticate a connection: a client that authenticated with a
 * method and asks for re-authentication (AUTH 0x19, [MQTT-4.12.1-1]) is disconnected with 0x83
 * (Implementation specific error: the packet is valid, this server does not carry it out), which
 * [MQTT-4.12.1-2] allows for a re-authentication that does not succeed. Any other AUTH — from a client that
 * sent no Authentication Method in CONNECT ([MQTT-4.12.0-7]), or one not starting a re-authentication — is
 * a protocol error (0x82).
 */
public final class ReAuthRefusal {

    private static final Logger log = LoggerFactory.getLogger(ReAuthRefusal.class);

    private ReAuthRefusal() {}

    /** Handles {@code auth} on the session's thread: the connection is closed either way. */
    public static void handle(MqttConnection connection, MqttMessage auth) {
        byte reason = auth.variableHeader() instanceof MqttReasonCodeAndPropertiesVariableHeader header
                ? header.reasonCode()
                : 0;
        if (connection.authenticationMethod() != null && reason == MqttReasonCodes.Auth.REAUTHENTICATE.byteValue()) {
            log.info("{} disconnected: re-authentication is not supported", connection);
            connection.close(MqttReasonCodes.Disconnect.IMPLEMENTATION_SPECIFIC_ERROR.byteValue());
            return;
        }
        log.info("{} disconnected: unexpected AUTH (reason 0x{})", connection, Integer.toHexString(reason & 0xFF));
        connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
    }
}
