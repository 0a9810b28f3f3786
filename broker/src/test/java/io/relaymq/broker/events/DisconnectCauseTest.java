package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.session.MqttConnection;
import org.junit.jupiter.api.Test;

class DisconnectCauseTest {

    private static MqttConnection connection(MqttVersion version) {
        return new MqttConnection(new EmbeddedChannel(), version, "c1", 10, 1000, 0);
    }

    private static DisconnectCause closedWith(MqttReasonCodes.Disconnect reason, MqttVersion version) {
        MqttConnection connection = connection(version);
        connection.close(reason.byteValue());
        return DisconnectCause.of(connection);
    }

    @Test
    void theBrokersReasonNamesTheCause() {
        assertThat(closedWith(MqttReasonCodes.Disconnect.KEEP_ALIVE_TIMEOUT, MqttVersion.MQTT_5))
                .isEqualTo(new DisconnectCause(DisconnectCause.KEEP_ALIVE_TIMEOUT, 0x8D));
        assertThat(closedWith(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER, MqttVersion.MQTT_5))
                .isEqualTo(new DisconnectCause(DisconnectCause.TAKEN_OVER, 0x8E));
        assertThat(closedWith(MqttReasonCodes.Disconnect.ADMINISTRATIVE_ACTION, MqttVersion.MQTT_5)
                        .reason())
                .isEqualTo(DisconnectCause.ADMINISTRATIVE_ACTION);
        assertThat(closedWith(MqttReasonCodes.Disconnect.NOT_AUTHORIZED, MqttVersion.MQTT_5)
                        .reason())
                .isEqualTo(DisconnectCause.NOT_AUTHORIZED);
        assertThat(closedWith(MqttReasonCodes.Disconnect.USE_ANOTHER_SERVER, MqttVersion.MQTT_5)
                        .reason())
                .isEqualTo(DisconnectCause.SERVER_SHUTDOWN);
        assertThat(closedWith(MqttReasonCodes.Disconnect.MALFORMED_PACKET, MqttVersion.MQTT_5))
                .isEqualTo(new DisconnectCause(DisconnectCause.PROTOCOL_ERROR, 0x81));
        assertThat(closedWith(MqttReasonCodes.Disconnect.QUOTA_EXCEEDED, MqttVersion.MQTT_5))
                .isEqualTo(new DisconnectCause(DisconnectCause.SERVER_CLOSED, 0x97));
    }

    @Test
    void a311ConnectionKeepsTheReasonItWasClosedFor() {
        assertThat(closedWith(MqttReasonCodes.Disconnect.KEEP_ALIVE_TIMEOUT, MqttVersion.MQTT_3_1_1))
                .isEqualTo(new DisconnectCause(DisconnectCause.KEEP_ALIVE_TIMEOUT, 0x8D));
    }

    @Test
    void aClientDisconnectCarriesTheClientsCode() {
        MqttConnection connection = connection(MqttVersion.MQTT_5);
        connection.markDisconnectedByClient(true, 0x04);
        assertThat(DisconnectCause.of(connection)).isEqualTo(new DisconnectCause(DisconnectCause.CLIENT_DISCONNECT, 4));
    }

    @Test
    void withoutDisconnectOrReasonTheNetworkEndedIt() {
        MqttConnection closed = connection(MqttVersion.MQTT_5);
        assertThat(DisconnectCause.of(closed)).isEqualTo(new DisconnectCause(DisconnectCause.NETWORK_CLOSED, null));
        MqttConnection failed = connection(MqttVersion.MQTT_5);
        failed.markNetworkError();
        assertThat(DisconnectCause.of(failed).reason()).isEqualTo(DisconnectCause.NETWORK_ERROR);
    }
}
