package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.support.HeldQos2Begins;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The connection handler's part of a CONNECT whose session was attached after the connection went away. */
class MqttConnectionHandlerTest {

    private final HeldQos2Begins store = new HeldQos2Begins();
    private final EmbeddedBroker broker = new EmbeddedBroker(store);

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    @Test
    void aConnectionGoneRightAfterItsConnackStillLeavesItsSession() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_5);
        MqttProperties props = new MqttProperties();
        props.add(new MqttProperties.IntegerProperty(MqttProperties.SESSION_EXPIRY_INTERVAL, 300));
        MqttConnectMessage connect = MqttMessageBuilders.connect()
                .clientId("gone-early")
                .protocolVersion(MqttVersion.MQTT_5)
                .cleanSession(false)
                .keepAlive(60)
                .properties(props)
                .build();
        client.send(connect);
        ClientSession session = broker.registry.get("gone-early");

        // the session's state is read: CONNACK goes out and the session takes the connection, while the handler
        // hears of it only in a task queued on the connection's thread
        store.release(0);
        assertThat(session.isConnected()).isTrue();
        // the connection goes away before that task ran
        client.channel().pipeline().fireChannelInactive();
        assertThat(client.receive())
                .extracting(m -> m.fixedHeader().messageType())
                .containsExactly(MqttMessageType.CONNACK);

        assertThat(session.isConnected())
                .as("the session lost its connection and starts its expiry")
                .isFalse();
    }
}
