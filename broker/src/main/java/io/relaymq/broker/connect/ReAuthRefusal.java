package io.relaymq.broker.connect;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.session.MqttConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AUTH after CONNACK. The broker does not re-authenticate a connection: a client that authenticated with a
 * method and asks for re-authentication (AUTH 0x19) with that same method is disconnected with 0x83
 * (Implementation specific error: the packet is valid, this server does not carry it out), which
 * [MQTT-4.12.1-2] allows for a re-authentication that does not succeed. Any other AUTH is a protocol error
 * (0x82): one from a client that sent no Authentication Method in CONNECT ([MQTT-4.12.0-7]), one not starting a
 * re-authentication, and a re-authentication whose Authentication Method is missing or not the CONNECT's (the
 * client must use the method it authenticated with, [MQTT-4.12.1-1], [MQTT-4.12.0-5]; omitting it is a Protocol
 * Error, 3.15.2.2.2).
 */
public final class ReAuthRefusal {

    private static final Logger log = LoggerFactory.getLogger(ReAuthRefusal.class);

    private ReAuthRefusal() {}

    /** Handles {@code auth} on the session's thread: the connection is closed either way. */
    public static void handle(MqttConnection connection, MqttMessage auth) {
        byte code = disconnectCode(connection.authenticationMethod(), auth);
        if (code == MqttReasonCodes.Disconnect.IMPLEMENTATION_SPECIFIC_ERROR.byteValue()) {
            log.info("{} disconnected: re-authentication is not supported", connection);
        } else {
            log.info(
                    "{} disconnected: unexpected AUTH (reason 0x{})",
                    connection,
                    Integer.toHexString(reasonOf(auth) & 0xFF));
        }
        connection.close(code);
    }

    /** The DISCONNECT reason code for {@code auth} on a connection that authenticated with {@code connectMethod}. */
    static byte disconnectCode(String connectMethod, MqttMessage auth) {
        if (connectMethod != null
                && reasonOf(auth) == MqttReasonCodes.Auth.REAUTHENTICATE.byteValue()
                && connectMethod.equals(methodOf(auth))) {
            return MqttReasonCodes.Disconnect.IMPLEMENTATION_SPECIFIC_ERROR.byteValue();
        }
        return MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue();
    }

    private static byte reasonOf(MqttMessage auth) {
        return auth.variableHeader() instanceof MqttReasonCodeAndPropertiesVariableHeader header
                ? header.reasonCode()
                : 0;
    }

    /** The AUTH's Authentication Method; null when it has none. */
    private static String methodOf(MqttMessage auth) {
        if (!(auth.variableHeader() instanceof MqttReasonCodeAndPropertiesVariableHeader header)) {
            return null;
        }
        MqttProperties.MqttProperty<?> method =
                header.properties().getProperty(MqttProperties.MqttPropertyType.AUTHENTICATION_METHOD.value());
        return method == null ? null : (String) method.value();
    }
}
