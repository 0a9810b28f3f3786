package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.SpecClient;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #18 finding 9: four places where the broker accepted what the letter of MQTT forbids. Each packet
 * is written byte by byte, because a conforming client library cannot produce it.
 */
class SpecLetterTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    // [MQTT-3.1.2-19] User Name Flag 1 means a user name MUST be in the payload; [MQTT-4.8.0-1] close
    @Test
    void userNameFlagWithoutUserNameIsRefused() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        client.sendBytes(packet(0x10, utf8("MQTT"), bytes(4, 0x82), u16(60), utf8("no-user-name")));

        assertRefused(client);
    }

    // [MQTT-3.1.2-21] Password Flag 1 means a password MUST be in the payload; [MQTT-4.8.0-1] close
    @Test
    void passwordFlagWithoutPasswordIsRefused() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        client.sendBytes(packet(0x10, utf8("MQTT"), bytes(4, 0xC2), u16(60), utf8("no-password"), utf8("user")));

        assertRefused(client);
    }

    // [MQTT-4.7.3-1] topic filters MUST be at least one character long; [MQTT-4.8.0-1] a protocol
    // violation closes the connection (no SUBACK)
    @Test
    void emptyTopicFilterClosesTheConnection() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_3_1_1);
        client.connect("empty-filter", true);
        client.sendBytes(packet(0x82, u16(1), utf8(""), bytes(0)));

        List<MqttMessage> answer = client.receive();
        assertThat(answer).as("no SUBACK").noneMatch(m -> m.fixedHeader().messageType() == MqttMessageType.SUBACK);
        assertThat(client.isConnected()).as("connection closed").isFalse();
        assertThat(broker.trie.match("")).isEmpty();
    }

    // 5.0 §3.1.3.1: a zero-length ClientId is the server's choice ([MQTT-3.1.3-6] MAY), and it may reject a
    // ClientId with 0x85 ([MQTT-3.1.3-8]). With Clean Start 0 the client asks to continue a session it cannot
    // name; RelayMQ refuses that, as 3.1.1 requires ([MQTT-3.1.3-8] of 3.1.1).
    @Test
    void mqtt5EmptyClientIdWithoutCleanStartIsRefusedWith0x85() {
        SpecClient client = new SpecClient(broker, MqttVersion.MQTT_5);
        MqttConnAckMessage connAck = client.connect("", false);

        assertThat(connAck.variableHeader().connectReturnCode().byteValue() & 0xFF)
                .isEqualTo(0x85);
        assertThat(client.isConnected()).isFalse();
        assertThat(broker.registry.size()).isZero();
    }

    private static void assertRefused(SpecClient client) {
        List<MqttMessage> answer = client.receive();
        assertThat(answer)
                .as("no accepting CONNACK")
                .noneMatch(m -> m instanceof MqttConnAckMessage ack
                        && ack.variableHeader().connectReturnCode().byteValue() == 0);
        assertThat(client.isConnected()).as("connection closed").isFalse();
    }

    static byte[] packet(int firstByte, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            body.writeBytes(part);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        out.write(body.size()); // every packet here is shorter than 128 bytes
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    static byte[] u16(int value) {
        return bytes(value >> 8, value);
    }

    static byte[] utf8(String s) {
        byte[] content = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[content.length + 2];
        out[0] = (byte) (content.length >> 8);
        out[1] = (byte) content.length;
        System.arraycopy(content, 0, out, 2, content.length);
        return out;
    }
}
