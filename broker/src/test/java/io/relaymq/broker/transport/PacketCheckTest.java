package io.relaymq.broker.transport;

import static io.relaymq.broker.transport.Packets.bytes;
import static io.relaymq.broker.transport.Packets.connect311;
import static io.relaymq.broker.transport.Packets.connect5;
import static io.relaymq.broker.transport.Packets.packet;
import static io.relaymq.broker.transport.Packets.props;
import static io.relaymq.broker.transport.Packets.publish311;
import static io.relaymq.broker.transport.Packets.subscribe311;
import static io.relaymq.broker.transport.Packets.u16;
import static io.relaymq.broker.transport.Packets.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The byte-level packet check re-frames the stream in front of Netty's decoder: valid packets must come
 * through whole and in order however the bytes are split, and well-formed 5.0 properties must pass.
 */
class PacketCheckTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();

    @AfterEach
    void closeConnections() {
        broker.close();
    }

    @Test
    void packetsSplitIntoSingleBytesArriveWholeAndInOrder() {
        byte[] stream = concat(
                connect311("trickle"),
                subscribe311(1, "t/#", 1),
                publish311(1, "t/a", 7, "first"),
                publish311(0, "t/b", 0, "second"),
                publish311(1, "t/" + "x".repeat(200), 8, "third"));
        EmbeddedChannel channel = broker.channel();
        for (byte b : stream) {
            EmbeddedBroker.send(channel, new byte[] {b});
        }

        String answer = new String(EmbeddedBroker.received(channel), StandardCharsets.ISO_8859_1);
        assertThat(channel.isActive()).isTrue();
        assertThat(answer).containsSubsequence("first", "second", "third");
        assertThat(broker.published)
                .extracting(m -> new String(m.payload(), StandardCharsets.UTF_8))
                .containsExactly("first", "second", "third");
    }

    @Test
    void manyPacketsInOneReadAreAllHandled() {
        EmbeddedChannel channel = broker.channel();
        EmbeddedBroker.send(
                channel,
                concat(
                        connect311("batch"),
                        publish311(0, "b/1", 0, "one"),
                        publish311(0, "b/2", 0, "two"),
                        publish311(0, "b/3", 0, "three")));

        assertThat(channel.isActive()).isTrue();
        assertThat(broker.published).extracting(m -> m.topic()).containsExactly("b/1", "b/2", "b/3");
    }

    @Test
    void wellFormedMqtt5PropertiesPass() {
        EmbeddedChannel channel = broker.channel();
        // Session Expiry, Receive Maximum, Topic Alias Maximum, two User Properties with the same name
        EmbeddedBroker.send(
                channel,
                connect5(
                        "props",
                        props(
                                0x11, 0, 0, 0, 60, 0x21, 0, 10, 0x22, 0, 5, 0x26, 0, 1, 'k', 0, 1, 'v', 0x26, 0, 1, 'k',
                                0, 1, 'w')));
        byte[] connAck = EmbeddedBroker.received(channel);
        assertThat(connAck[3]).as("CONNACK code").isZero();
        // PUBLISH with Payload Format 1, Message Expiry, Content Type, Response Topic, Correlation Data, Topic Alias
        EmbeddedBroker.send(
                channel,
                packet(
                        0x30,
                        utf8("p/x"),
                        props(
                                0x01, 1, 0x02, 0, 0, 0, 30, 0x03, 0, 1, 't', 0x08, 0, 3, 'r', '/', '1', 0x09, 0, 2, 9,
                                9, 0x23, 0, 1),
                        bytes('x')));
        // SUBSCRIBE with a Subscription Identifier and a User Property; UNSUBSCRIBE with a User Property
        EmbeddedBroker.send(
                channel, packet(0x82, u16(1), props(0x0B, 5, 0x26, 0, 1, 'a', 0, 1, 'b'), utf8("p/#"), bytes(0x01)));
        EmbeddedBroker.send(channel, packet(0xA2, u16(2), props(0x26, 0, 1, 'a', 0, 1, 'b'), utf8("p/#")));

        assertThat(channel.isActive()).isTrue();
        assertThat(broker.published)
                .singleElement()
                .satisfies(m -> assertThat(m.topic()).isEqualTo("p/x"));
        byte[] acks = EmbeddedBroker.received(channel);
        assertThat(acks[0]).as("SUBACK").isEqualTo((byte) 0x90);
    }

    private static byte[] concat(byte[]... packets) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : packets) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
