package io.relaymq.broker.transport;

import static io.relaymq.broker.transport.Packets.bytes;
import static io.relaymq.broker.transport.Packets.connect311;
import static io.relaymq.broker.transport.Packets.connect5;
import static io.relaymq.broker.transport.Packets.packet;
import static io.relaymq.broker.transport.Packets.props;
import static io.relaymq.broker.transport.Packets.publish311;
import static io.relaymq.broker.transport.Packets.raw;
import static io.relaymq.broker.transport.Packets.u16;
import static io.relaymq.broker.transport.Packets.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed and forbidden input, byte by byte, through the production decoder and handler: every case
 * ends the connection (5.0: with the right reason code), and nothing reaches Kafka. Netty's decoder
 * normalises the reserved flags of PUBREL/PUBACK/PUBREC/PUBCOMP before the broker sees them, so
 * [MQTT-3.6.1-1] cannot be enforced at this layer; such packets are accepted.
 */
class MalformedPacketTest {

    private static final byte[] NONE = null;
    private static final byte[] V3 = connect311("victim");
    private static final byte[] V5 = connect5("victim5");

    /** What the broker must answer before it closes: nothing specific, a CONNACK code, or a DISCONNECT reason. */
    record Expect(Integer connAck, Integer disconnect) {
        static Expect closed() {
            return new Expect(null, null);
        }

        static Expect connAck(int code) {
            return new Expect(code, null);
        }

        static Expect disconnect(int reason) {
            return new Expect(null, reason);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // ---- before CONNECT: [MQTT-3.1.0-1], §3.1.2
                c("PUBLISH as first packet", NONE, publish311(0, "a", 0, "x"), Expect.closed()),
                c("PINGREQ as first packet", NONE, bytes(0xC0, 0x00), Expect.closed()),
                c("SUBSCRIBE as first packet", NONE, Packets.subscribe311(1, "a", 0), Expect.closed()),
                c("AUTH as first packet", NONE, bytes(0xF0, 0x00), Expect.closed()),
                c("reserved packet type 0", NONE, bytes(0x00, 0x00), Expect.closed()),
                c(
                        "unknown protocol name",
                        NONE,
                        packet(0x10, utf8("MQTX"), bytes(4, 2), u16(60), utf8("c")),
                        Expect.closed()),
                c(
                        "unsupported protocol level 6",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(6, 2), u16(60), utf8("c")),
                        Expect.connAck(0x01)),
                c("CONNECT reserved flag set [MQTT-3.1.2-3]", NONE, connect311(0x03, "c"), Expect.closed()),
                c(
                        "CONNECT fixed header flags not 0 [MQTT-2.2.2-2]",
                        NONE,
                        packet(0x11, utf8("MQTT"), bytes(4, 2), u16(60), utf8("c")),
                        Expect.closed()),
                c(
                        "will QoS 3 [MQTT-3.1.2-14]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 0x1E), u16(60), utf8("c"), utf8("w"), utf8("m")),
                        Expect.closed()),
                c("will QoS without will flag [MQTT-3.1.2-13]", NONE, connect311(0x0A, "c"), Expect.closed()),
                c("will retain without will flag [MQTT-3.1.2-15]", NONE, connect311(0x22, "c"), Expect.closed()),
                c(
                        "password without user name [MQTT-3.1.2-22]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 0x42), u16(60), utf8("c"), utf8("pw")),
                        Expect.closed()),
                c("remaining length of five bytes", NONE, bytes(0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F), Expect.closed()),
                c(
                        "packet larger than the maximum",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(4, 2),
                                u16(60),
                                utf8("x".repeat(EmbeddedBroker.MAX_PACKET_SIZE))),
                        Expect.closed()),
                c(
                        "empty client id without clean session [MQTT-3.1.3-8]",
                        NONE,
                        connect311(0x00, ""),
                        Expect.connAck(0x02)),
                c(
                        "client id of ill-formed UTF-8 [MQTT-1.5.3-1]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 2), u16(60), raw(bytes(0xC3, 0x28))),
                        Expect.closed()),
                c("client id with U+0000 [MQTT-1.5.3-2]", NONE, connect311("a\u0000b"), Expect.closed()),
                c("client id longer than allowed", NONE, connect311("c".repeat(65)), Expect.connAck(0x02)),
                c(
                        "will topic with wildcard",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 0x06), u16(60), utf8("c"), utf8("w/#"), utf8("m")),
                        Expect.closed()),
                c("5.0 Receive Maximum 0", NONE, connect5("c", props(0x21, 0, 0)), Expect.connAck(0x82)),
                c("5.0 Maximum Packet Size 0", NONE, connect5("c", props(0x27, 0, 0, 0, 0)), Expect.connAck(0x82)),
                c(
                        "5.0 enhanced authentication",
                        NONE,
                        connect5("c", props(0x15, 0, 4, 'S', 'C', 'R', 'M')),
                        Expect.connAck(0x8C)),
                c("5.0 unknown property", NONE, connect5("c", props(0x7F, 1)), Expect.closed()),
                c(
                        "5.0 will topic with wildcard",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(5, 0x06),
                                u16(60),
                                bytes(0),
                                utf8("c"),
                                bytes(0),
                                utf8("w/+"),
                                utf8("m")),
                        Expect.connAck(0x90)),
                // ---- after CONNECT, 3.1.1
                c("second CONNECT [MQTT-3.1.0-2]", V3, connect311("again"), Expect.closed()),
                c("PUBLISH topic with '+' [MQTT-3.3.2-2]", V3, publish311(0, "a/+", 0, "x"), Expect.closed()),
                c("PUBLISH topic with '#'", V3, publish311(1, "a/#", 1, "x"), Expect.closed()),
                c("PUBLISH QoS 3", V3, packet(0x36, utf8("a"), u16(1)), Expect.closed()),
                c("PUBLISH QoS 1 with packet id 0 [MQTT-2.3.1-1]", V3, publish311(1, "a", 0, "x"), Expect.closed()),
                c("PUBLISH empty topic", V3, publish311(0, "", 0, "x"), Expect.closed()),
                c("PUBLISH topic with U+0000", V3, publish311(0, "a\u0000", 0, "x"), Expect.closed()),
                c("PUBLISH DUP with QoS 0 [MQTT-3.3.1-2]", V3, packet(0x38, utf8("a"), bytes('x')), Expect.closed()),
                c(
                        "SUBSCRIBE flags not 0010 [MQTT-3.8.1-1]",
                        V3,
                        packet(0x80, u16(1), utf8("a"), bytes(0)),
                        Expect.closed()),
                c("SUBSCRIBE without filters [MQTT-3.8.3-3]", V3, packet(0x82, u16(1)), Expect.closed()),
                c("SUBSCRIBE requested QoS 3", V3, packet(0x82, u16(1), utf8("a"), bytes(3)), Expect.closed()),
                c("SUBSCRIBE packet id 0", V3, packet(0x82, u16(0), utf8("a"), bytes(1)), Expect.closed()),
                c("UNSUBSCRIBE flags not 0010 [MQTT-3.10.1-1]", V3, packet(0xA0, u16(1), utf8("a")), Expect.closed()),
                c("UNSUBSCRIBE without filters [MQTT-3.10.3-2]", V3, packet(0xA2, u16(1)), Expect.closed()),
                c("UNSUBSCRIBE packet id 0", V3, packet(0xA2, u16(0), utf8("a")), Expect.closed()),
                c("CONNACK sent by a client", V3, bytes(0x20, 0x02, 0x00, 0x00), Expect.closed()),
                c("SUBACK sent by a client", V3, packet(0x90, u16(1), bytes(0)), Expect.closed()),
                c("garbage bytes", V3, bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF), Expect.closed()),
                c(
                        "SUBSCRIBE '#' not the last level [MQTT-4.7.1-2]",
                        V3,
                        Packets.subscribe311(1, "a/#/b", 0),
                        Expect.closed()),
                c(
                        "SUBSCRIBE '+' not a whole level [MQTT-4.7.1-3]",
                        V3,
                        Packets.subscribe311(1, "a/b+", 0),
                        Expect.closed()),
                c("SUBSCRIBE empty share name", V3, Packets.subscribe311(1, "$share//a", 0), Expect.closed()),
                c(
                        "SUBSCRIBE filter of ill-formed UTF-8 [MQTT-1.5.3-1]",
                        V3,
                        packet(0x82, u16(1), raw(bytes(0xC3, 0x28)), bytes(0)),
                        Expect.closed()),
                c(
                        "SUBSCRIBE reserved bits of the options byte [MQTT-3-8.3-4]",
                        V3,
                        packet(0x82, u16(1), utf8("a"), bytes(0x04)),
                        Expect.closed()),
                c(
                        "SUBSCRIBE fixed header with DUP [MQTT-3.8.1-1]",
                        V3,
                        packet(0x8A, u16(1), utf8("a"), bytes(0)),
                        Expect.closed()),
                c(
                        "SUBSCRIBE fixed header with RETAIN [MQTT-3.8.1-1]",
                        V3,
                        packet(0x83, u16(1), utf8("a"), bytes(0)),
                        Expect.closed()),
                c(
                        "UNSUBSCRIBE fixed header with DUP [MQTT-3.10.1-1]",
                        V3,
                        packet(0xAA, u16(1), utf8("a")),
                        Expect.closed()),
                c("UNSUBSCRIBE empty filter [MQTT-4.7.3-1]", V3, packet(0xA2, u16(1), utf8("")), Expect.closed()),
                c("UNSUBSCRIBE '#' not the last level", V3, packet(0xA2, u16(1), utf8("#/a")), Expect.closed()),
                c(
                        "PUBLISH topic of ill-formed UTF-8 [MQTT-1.5.3-1]",
                        V3,
                        packet(0x30, raw(bytes(0x61, 0xC3, 0x28)), bytes('x')),
                        Expect.closed()),
                c(
                        "CONNECT with bytes after the payload",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 2), u16(60), utf8("c"), bytes(0, 1, 'x')),
                        Expect.closed()),
                c(
                        "CONNECT user name of ill-formed UTF-8 [MQTT-3.1.3-11]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(4, 0x82), u16(60), utf8("c"), raw(bytes(0xC3, 0x28))),
                        Expect.closed()),
                // ---- after CONNECT, 5.0
                c("5.0 PUBLISH with wildcard topic", V5, packet(0x30, utf8("a/#"), bytes(0)), Expect.disconnect(0x81)),
                c(
                        "5.0 SUBSCRIBE with Retain Handling 3 (§3.8.3.1: Protocol Error)",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("a"), bytes(0x31)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 SUBSCRIBE with Maximum QoS 3 (§3.8.3.1: Protocol Error)",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("a"), bytes(0x03)),
                        Expect.disconnect(0x82)),
                c("5.0 topic alias 0", V5, packet(0x30, utf8("a"), props(0x23, 0, 0)), Expect.disconnect(0x94)),
                c(
                        "5.0 topic alias above the maximum",
                        V5,
                        packet(0x30, utf8("a"), props(0x23, 0, 11)),
                        Expect.disconnect(0x94)),
                c(
                        "5.0 empty topic with an unknown alias",
                        V5,
                        packet(0x30, utf8(""), props(0x23, 0, 3)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 subscription identifier 0",
                        V5,
                        packet(0x82, u16(1), props(0x0B, 0), utf8("a"), bytes(1)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 No Local on a shared subscription [MQTT-3.8.3-4]",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("$share/g/a"), bytes(0x05)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 session expiry raised from 0 on DISCONNECT [MQTT-3.14.2-2]",
                        V5,
                        packet(0xE0, bytes(0x00), props(0x11, 0, 0, 0, 10)),
                        Expect.disconnect(0x82)),
                c("5.0 second CONNECT", V5, connect5("again"), Expect.disconnect(0x82)),
                c(
                        "5.0 AUTH from a client that sent no Authentication Method [MQTT-4.12.0-7]",
                        V5,
                        packet(0xF0, bytes(0x19), props(0x15, 0, 1, 'X')),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 AUTH with a reason code that is no Authenticate Reason Code [MQTT-3.15.2-1]",
                        V5,
                        packet(0xF0, bytes(0x05), props()),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 AUTH with Authentication Method twice",
                        V5,
                        packet(0xF0, bytes(0x18), props(0x15, 0, 1, 'A', 0x15, 0, 1, 'B')),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 AUTH with a property not valid in AUTH",
                        V5,
                        packet(0xF0, bytes(0x18), props(0x21, 0, 5)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 PUBLISH empty topic without a topic alias [MQTT-3.3.2-1]",
                        V5,
                        packet(0x30, utf8(""), bytes(0), bytes('x')),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 PUBLISH with a Subscription Identifier [MQTT-3.3.4-6]",
                        V5,
                        packet(0x30, utf8("a"), props(0x0B, 1)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 PUBLISH with Topic Alias twice",
                        V5,
                        packet(0x30, utf8("a"), props(0x23, 0, 1, 0x23, 0, 2)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 PUBLISH with a CONNECT-only property",
                        V5,
                        packet(0x30, utf8("a"), props(0x21, 0, 5)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 PUBLISH Payload Format Indicator 2",
                        V5,
                        packet(0x30, utf8("a"), props(0x01, 2)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 SUBSCRIBE '#' not the last level [MQTT-4.7.1-1]",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("a/#/b"), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 SUBSCRIBE '+' not a whole level [MQTT-4.7.1-2]",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("+a"), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 SUBSCRIBE empty filter [MQTT-4.7.3-1]",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8(""), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 SUBSCRIBE reserved option bits [MQTT-3.8.3-5]",
                        V5,
                        packet(0x82, u16(1), bytes(0), utf8("a"), bytes(0x40)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 SUBSCRIBE Subscription Identifier twice",
                        V5,
                        packet(0x82, u16(1), props(0x0B, 1, 0x0B, 2), utf8("a"), bytes(0)),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 SUBSCRIBE with a PUBLISH-only property",
                        V5,
                        packet(0x82, u16(1), props(0x23, 0, 1), utf8("a"), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 UNSUBSCRIBE '#' not the last level",
                        V5,
                        packet(0xA2, u16(1), bytes(0), utf8("a/#/b")),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 UNSUBSCRIBE with a Subscription Identifier",
                        V5,
                        packet(0xA2, u16(1), props(0x0B, 1), utf8("a")),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 will QoS 3 [MQTT-3.1.2-12]",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(5, 0x1E),
                                u16(60),
                                bytes(0),
                                utf8("c"),
                                bytes(0),
                                utf8("w"),
                                utf8("m")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 Session Expiry Interval twice",
                        NONE,
                        connect5("c", props(0x11, 0, 0, 0, 1, 0x11, 0, 0, 0, 2)),
                        Expect.connAck(0x82)),
                c("5.0 CONNECT with a Topic Alias", NONE, connect5("c", props(0x23, 0, 1)), Expect.connAck(0x81)),
                c(
                        "5.0 Authentication Data without Authentication Method",
                        NONE,
                        connect5("c", props(0x16, 0, 1, 'x')),
                        Expect.connAck(0x82)),
                c("5.0 Request Problem Information 2", NONE, connect5("c", props(0x17, 2)), Expect.connAck(0x82)),
                c("5.0 Request Response Information 2", NONE, connect5("c", props(0x19, 2)), Expect.connAck(0x82)),
                c(
                        "5.0 will property that belongs to CONNECT",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(5, 0x06),
                                u16(60),
                                bytes(0),
                                utf8("c"),
                                props(0x11, 0, 0, 0, 1),
                                utf8("w"),
                                utf8("m")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 Will Delay Interval twice",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(5, 0x06),
                                u16(60),
                                bytes(0),
                                utf8("c"),
                                props(0x18, 0, 0, 0, 1, 0x18, 0, 0, 0, 1),
                                utf8("w"),
                                utf8("m")),
                        Expect.connAck(0x82)),
                c(
                        "5.0 SUBSCRIBE filter of ill-formed UTF-8 [MQTT-1.5.4-1]",
                        V5,
                        packet(0x82, u16(1), bytes(0), raw(bytes(0xC3, 0x28)), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 PUBLISH topic with U+0000 [MQTT-1.5.4-2]",
                        V5,
                        packet(0x30, utf8("a\u0000"), bytes(0)),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 User Name Flag without a user name [MQTT-3.1.2-17]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x82), u16(60), bytes(0), utf8("c")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 Password Flag without a password [MQTT-3.1.2-19]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x42), u16(60), bytes(0), utf8("c")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 user name without the User Name Flag [MQTT-3.1.2-16]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x02), u16(60), bytes(0), utf8("c"), utf8("u")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 password without the Password Flag [MQTT-3.1.2-18]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x82), u16(60), bytes(0), utf8("c"), utf8("u"), utf8("p")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 Will Flag without a will payload [MQTT-3.1.2-9]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x06), u16(60), bytes(0), utf8("c"), bytes(0), utf8("w")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 Will Flag without will properties, topic or payload [MQTT-3.1.2-9]",
                        NONE,
                        packet(0x10, utf8("MQTT"), bytes(5, 0x06), u16(60), bytes(0), utf8("c")),
                        Expect.connAck(0x81)),
                c(
                        "5.0 PUBLISH Response Topic with a wildcard [MQTT-3.3.2-14]",
                        V5,
                        packet(0x30, utf8("a"), props(0x08, 0, 3, 'r', '/', '#'), bytes('x')),
                        Expect.disconnect(0x82)),
                c(
                        "5.0 will Response Topic with a wildcard [MQTT-3.3.2-14]",
                        NONE,
                        packet(
                                0x10,
                                utf8("MQTT"),
                                bytes(5, 0x06),
                                u16(60),
                                bytes(0),
                                utf8("c"),
                                props(0x08, 0, 1, '+'),
                                utf8("w"),
                                utf8("m")),
                        Expect.connAck(0x82)),
                c(
                        "5.0 PUBLISH Content Type of ill-formed UTF-8 [MQTT-3.3.2-19]",
                        V5,
                        packet(0x30, utf8("a"), props(0x03, 0, 2, 0xC3, 0x28), bytes('x')),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 PUBLISH Response Topic of ill-formed UTF-8 [MQTT-3.3.2-13]",
                        V5,
                        packet(0x30, utf8("a"), props(0x08, 0, 2, 0xC3, 0x28), bytes('x')),
                        Expect.disconnect(0x81)),
                c(
                        "5.0 packet larger than the maximum",
                        V5,
                        packet(0x30, utf8("a"), bytes(0), new byte[EmbeddedBroker.MAX_PACKET_SIZE]),
                        Expect.disconnect(0x95)));
    }

    private static Arguments c(String name, byte[] connect, byte[] bad, Expect expect) {
        return Arguments.of(name, connect, bad, expect);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void malformedInputEndsTheConnection(String name, byte[] connect, byte[] bad, Expect expect) {
        EmbeddedBroker broker = new EmbeddedBroker();
        EmbeddedChannel channel = broker.channel();
        if (connect != null) {
            EmbeddedBroker.send(channel, connect);
            byte[] connAck = EmbeddedBroker.received(channel);
            assertThat(connAck[0]).as("CONNACK").isEqualTo((byte) 0x20);
            assertThat(channel.isActive()).isTrue();
        }

        EmbeddedBroker.send(channel, bad);
        byte[] answer = EmbeddedBroker.received(channel);

        assertThat(channel.isActive()).as("connection closed").isFalse();
        assertThat(broker.published).as("nothing published").isEmpty();
        if (expect.connAck() != null) {
            assertThat(answer)
                    .as("CONNACK, got " + HexFormat.of().formatHex(answer))
                    .hasSizeGreaterThanOrEqualTo(4);
            assertThat(answer[0]).isEqualTo((byte) 0x20);
            assertThat(answer[3] & 0xFF).as("CONNACK code").isEqualTo(expect.connAck());
        }
        if (expect.disconnect() != null) {
            assertThat(answer).as("DISCONNECT").hasSizeGreaterThanOrEqualTo(3);
            assertThat(answer[0]).isEqualTo((byte) 0xE0);
            assertThat(answer[2] & 0xFF)
                    .as("DISCONNECT reason, got " + HexFormat.of().formatHex(answer))
                    .isEqualTo(expect.disconnect());
        }
        channel.finishAndReleaseAll();
    }

    @Test
    void atLeastFortyDistinctCases() {
        assertThat(cases().map(a -> a.get()[0]).distinct().count()).isGreaterThanOrEqualTo(40);
    }

    @Test
    void aMalformedClientDoesNotDisturbAnother() {
        EmbeddedBroker broker = new EmbeddedBroker();
        EmbeddedChannel good = broker.channel();
        EmbeddedChannel bad = broker.channel();
        EmbeddedBroker.send(good, connect311("good"));
        EmbeddedBroker.send(good, Packets.subscribe311(1, "t", 1));
        EmbeddedBroker.send(bad, connect311("bad"));
        EmbeddedBroker.received(good);

        EmbeddedBroker.send(bad, bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
        EmbeddedBroker.send(good, publish311(1, "t", 7, "still-here"));

        assertThat(bad.isActive()).isFalse();
        assertThat(good.isActive()).isTrue();
        byte[] out = EmbeddedBroker.received(good);
        assertThat(new String(out, StandardCharsets.ISO_8859_1)).contains("still-here");
        assertThat(Arrays.asList(broker.registry.get("good"))).doesNotContainNull();
        good.finishAndReleaseAll();
        bad.finishAndReleaseAll();
    }
}
