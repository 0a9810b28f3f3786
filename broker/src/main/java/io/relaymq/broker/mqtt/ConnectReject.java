package io.relaymq.broker.mqtt;

import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import java.util.Locale;

/**
 * Why a CONNECT is refused, with the CONNACK return code for 3.1/3.1.1 and the reason code for 5.0.
 */
public enum ConnectReject {
    UNSUPPORTED_PROTOCOL(
            MqttConnectReturnCode.CONNECTION_REFUSED_UNACCEPTABLE_PROTOCOL_VERSION,
            MqttConnectReturnCode.CONNECTION_REFUSED_UNSUPPORTED_PROTOCOL_VERSION),
    CLIENT_ID_INVALID(
            MqttConnectReturnCode.CONNECTION_REFUSED_IDENTIFIER_REJECTED,
            MqttConnectReturnCode.CONNECTION_REFUSED_CLIENT_IDENTIFIER_NOT_VALID),
    PROTOCOL_ERROR(null, MqttConnectReturnCode.CONNECTION_REFUSED_PROTOCOL_ERROR),
    MALFORMED(null, MqttConnectReturnCode.CONNECTION_REFUSED_MALFORMED_PACKET),
    BAD_AUTHENTICATION_METHOD(
            MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED,
            MqttConnectReturnCode.CONNECTION_REFUSED_BAD_AUTHENTICATION_METHOD),
    WILL_TOPIC_INVALID(null, MqttConnectReturnCode.CONNECTION_REFUSED_TOPIC_NAME_INVALID),
    PACKET_TOO_LARGE(null, MqttConnectReturnCode.CONNECTION_REFUSED_PACKET_TOO_LARGE),
    NOT_AUTHORIZED(
            MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED,
            MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED_5),
    BAD_CREDENTIALS(
            MqttConnectReturnCode.CONNECTION_REFUSED_BAD_USER_NAME_OR_PASSWORD,
            MqttConnectReturnCode.CONNECTION_REFUSED_BAD_USERNAME_OR_PASSWORD),
    BANNED(MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED, MqttConnectReturnCode.CONNECTION_REFUSED_BANNED),
    SERVER_UNAVAILABLE(
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE_5),
    SERVER_BUSY(
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_BUSY),
    QUOTA_EXCEEDED(
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
            MqttConnectReturnCode.CONNECTION_REFUSED_QUOTA_EXCEEDED),
    CONNECTION_RATE_EXCEEDED(
            MqttConnectReturnCode.CONNECTION_REFUSED_SERVER_UNAVAILABLE,
            MqttConnectReturnCode.CONNECTION_REFUSED_CONNECTION_RATE_EXCEEDED);

    private final MqttConnectReturnCode v3;
    private final MqttConnectReturnCode v5;

    ConnectReject(MqttConnectReturnCode v3, MqttConnectReturnCode v5) {
        this.v3 = v3;
        this.v5 = v5;
    }

    /** The code to send, or null when a 3.x client only gets the connection closed. */
    public MqttConnectReturnCode code(boolean mqtt5) {
        return mqtt5 ? v5 : v3;
    }

    public String metricName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
