package io.relaymq.broker.transport;

import java.util.EnumSet;
import java.util.Set;

/**
 * The MQTT 5.0 properties a client may send in CONNECT (and its will), PUBLISH, SUBSCRIBE, UNSUBSCRIBE and AUTH
 * (5.0 §2.2.2.2, Table 2-4), with their data types. Any other identifier in those packets is "not valid for
 * its packet type", a Malformed Packet.
 */
enum ClientProperty {
    PAYLOAD_FORMAT_INDICATOR(0x01, Type.BYTE, Packet.PUBLISH, Packet.WILL),
    MESSAGE_EXPIRY_INTERVAL(0x02, Type.FOUR_BYTES, Packet.PUBLISH, Packet.WILL),
    CONTENT_TYPE(0x03, Type.STRING, Packet.PUBLISH, Packet.WILL),
    RESPONSE_TOPIC(0x08, Type.STRING, Packet.PUBLISH, Packet.WILL),
    CORRELATION_DATA(0x09, Type.BINARY, Packet.PUBLISH, Packet.WILL),
    SUBSCRIPTION_IDENTIFIER(0x0B, Type.VARINT, Packet.PUBLISH, Packet.SUBSCRIBE),
    SESSION_EXPIRY_INTERVAL(0x11, Type.FOUR_BYTES, Packet.CONNECT),
    AUTHENTICATION_METHOD(0x15, Type.STRING, Packet.CONNECT, Packet.AUTH),
    AUTHENTICATION_DATA(0x16, Type.BINARY, Packet.CONNECT, Packet.AUTH),
    REQUEST_PROBLEM_INFORMATION(0x17, Type.BYTE, Packet.CONNECT),
    WILL_DELAY_INTERVAL(0x18, Type.FOUR_BYTES, Packet.WILL),
    REQUEST_RESPONSE_INFORMATION(0x19, Type.BYTE, Packet.CONNECT),
    REASON_STRING(0x1F, Type.STRING, Packet.AUTH),
    RECEIVE_MAXIMUM(0x21, Type.TWO_BYTES, Packet.CONNECT),
    TOPIC_ALIAS_MAXIMUM(0x22, Type.TWO_BYTES, Packet.CONNECT),
    TOPIC_ALIAS(0x23, Type.TWO_BYTES, Packet.PUBLISH),
    USER_PROPERTY(0x26, Type.STRING_PAIR, Packet.values()),
    MAXIMUM_PACKET_SIZE(0x27, Type.FOUR_BYTES, Packet.CONNECT);

    /** Where a property block sits. */
    enum Packet {
        CONNECT,
        WILL,
        PUBLISH,
        SUBSCRIBE,
        UNSUBSCRIBE,
        AUTH
    }

    enum Type {
        BYTE,
        TWO_BYTES,
        FOUR_BYTES,
        VARINT,
        STRING,
        BINARY,
        STRING_PAIR
    }

    private static final ClientProperty[] BY_ID = new ClientProperty[128];

    static {
        for (ClientProperty p : values()) {
            BY_ID[p.id] = p;
        }
    }

    final int id;
    final Type type;
    private final Set<Packet> allowedIn;

    ClientProperty(int id, Type type, Packet... allowedIn) {
        this.id = id;
        this.type = type;
        this.allowedIn = EnumSet.of(allowedIn[0], allowedIn);
    }

    /** The property with this identifier allowed in {@code packet}, or null. */
    static ClientProperty of(int id, Packet packet) {
        ClientProperty p = id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
        return p != null && p.allowedIn.contains(packet) ? p : null;
    }

    /**
     * Only User Property may appear more than once in what a client sends (5.0 §3.1.2.11, §3.3.2.3, §3.8.2.1,
     * §3.15.2.2).
     */
    boolean repeatable() {
        return this == USER_PROPERTY;
    }
}
