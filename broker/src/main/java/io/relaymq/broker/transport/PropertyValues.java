package io.relaymq.broker.transport;

import io.relaymq.broker.transport.ClientProperty.Packet;

/** Reads one 5.0 property value by its type and refuses the values the specification calls a Protocol Error. */
final class PropertyValues {

    private PropertyValues() {}

    static void check(PacketFields f, ClientProperty property, Packet packet) {
        long value = switch (property.type) {
            case BYTE -> f.u8();
            case TWO_BYTES -> f.u16();
            case FOUR_BYTES -> f.u32();
            case VARINT -> f.varint();
            case STRING -> {
                if (f.stringWithWildcard(property.name()) && property == ClientProperty.RESPONSE_TOPIC) {
                    // [MQTT-3.3.2-14]
                    throw PacketViolation.protocolError(packet + ": Response Topic with a wildcard");
                }
                yield 0;
            }
            case BINARY -> {
                f.binary();
                yield 0;
            }
            case STRING_PAIR -> {
                f.string("user property name");
                f.string("user property value");
                yield 0;
            }
        };
        switch (property) {
            case PAYLOAD_FORMAT_INDICATOR, REQUEST_PROBLEM_INFORMATION, REQUEST_RESPONSE_INFORMATION -> {
                if (value > 1) {
                    throw PacketViolation.protocolError(packet + ": " + property + " " + value);
                }
            }
            case SUBSCRIPTION_IDENTIFIER -> {
                if (packet == Packet.PUBLISH) {
                    // [MQTT-3.3.4-6]
                    throw PacketViolation.protocolError("PUBLISH from a client with a Subscription Identifier");
                }
                if (value == 0) {
                    throw PacketViolation.protocolError("SUBSCRIBE: Subscription Identifier 0");
                }
            }
            case RECEIVE_MAXIMUM, MAXIMUM_PACKET_SIZE -> {
                if (value == 0) {
                    throw PacketViolation.protocolError(packet + ": " + property + " 0");
                }
            }
            default -> {}
        }
    }
}
