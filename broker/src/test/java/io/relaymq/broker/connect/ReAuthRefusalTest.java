package io.relaymq.broker.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import org.junit.jupiter.api.Test;

/** The DISCONNECT code for an AUTH after CONNACK. */
class ReAuthRefusalTest {

    private static final byte REAUTHENTICATE = 0x19;
    private static final byte PROTOCOL_ERROR = (byte) 0x82;
    private static final byte IMPLEMENTATION_SPECIFIC_ERROR = (byte) 0x83;
    private static final String METHOD = "SCRAM-SHA-256";

    private static MqttMessage auth(byte reason, String method) {
        MqttProperties properties = new MqttProperties();
        if (method != null) {
            properties.add(new MqttProperties.StringProperty(
                    MqttProperties.MqttPropertyType.AUTHENTICATION_METHOD.value(), method));
        }
        return new MqttMessage(
                new MqttFixedHeader(MqttMessageType.AUTH, false, MqttQoS.AT_MOST_ONCE, false, 0),
                new MqttReasonCodeAndPropertiesVariableHeader(reason, properties));
    }

    @Test
    void aReAuthenticationWithTheConnectsMethodIsRefusedAsNotCarriedOut() {
        // [MQTT-4.12.1-2] a re-authentication that does not succeed may end with a DISCONNECT
        assertThat(ReAuthRefusal.disconnectCode(METHOD, auth(REAUTHENTICATE, METHOD)))
                .isEqualTo(IMPLEMENTATION_SPECIFIC_ERROR);
    }

    @Test
    void aReAuthenticationWithAnotherMethodIsAProtocolError() {
        // [MQTT-4.12.1-1] "The Client MUST set the Authentication Method to the same value as the
        // Authentication Method originally used to authenticate the Client."
        assertThat(ReAuthRefusal.disconnectCode(METHOD, auth(REAUTHENTICATE, "SCRAM-SHA-512")))
                .isEqualTo(PROTOCOL_ERROR);
    }

    @Test
    void aReAuthenticationWithoutAMethodIsAProtocolError() {
        // 3.15.2.2.2 "It is a Protocol Error to omit the Authentication Method or to include it more than once."
        assertThat(ReAuthRefusal.disconnectCode(METHOD, auth(REAUTHENTICATE, null)))
                .isEqualTo(PROTOCOL_ERROR);
    }

    @Test
    void anAuthFromAClientWithoutAMethodOrNotStartingAReAuthenticationIsAProtocolError() {
        // [MQTT-4.12.0-7] no Authentication Method in CONNECT: the Client MUST NOT send an AUTH packet
        assertThat(ReAuthRefusal.disconnectCode(null, auth(REAUTHENTICATE, METHOD)))
                .isEqualTo(PROTOCOL_ERROR);
        assertThat(ReAuthRefusal.disconnectCode(METHOD, auth((byte) 0x18, METHOD)))
                .isEqualTo(PROTOCOL_ERROR);
    }
}
