package io.relaymq.broker.transport;

import io.netty.buffer.ByteBuf;

/**
 * Reads the fields of one whole packet body, checking each as it goes: a field that runs past the end of the
 * packet, ill-formed UTF-8 ([MQTT-1.5.4-1]) or U+0000 in a string ([MQTT-1.5.4-2]) is a Malformed Packet.
 */
final class PacketFields {

    private final ByteBuf body;
    private final String packet;

    PacketFields(ByteBuf body, String packet) {
        this.body = body;
        this.packet = packet;
    }

    int remaining() {
        return body.readableBytes();
    }

    int u8() {
        need(1);
        return body.readUnsignedByte();
    }

    int u16() {
        need(2);
        return body.readUnsignedShort();
    }

    long u32() {
        need(4);
        return body.readUnsignedInt();
    }

    /** A Variable Byte Integer of at most four bytes (5.0 §1.5.5). */
    int varint() {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int b = u8();
            value |= (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw PacketViolation.malformed(packet + ": variable byte integer longer than four bytes");
    }

    /** Skips a length-prefixed binary field. */
    void binary() {
        int length = u16();
        need(length);
        body.skipBytes(length);
    }

    /** Checks a UTF-8 Encoded String and returns its byte length. */
    int string(String field) {
        int length = u16();
        need(length);
        if (!Utf8.isWellFormed(body, body.readerIndex(), length)) {
            throw PacketViolation.malformed(packet + ": " + field + " is not well-formed UTF-8 or contains U+0000");
        }
        body.skipBytes(length);
        return length;
    }

    /** Checks a UTF-8 Encoded String; true when it holds a wildcard ('+' and '#' never occur inside a multi-byte sequence). */
    boolean stringWithWildcard(String field) {
        int from = body.readerIndex() + 2;
        int length = string(field);
        return body.indexOf(from, from + length, (byte) '+') >= 0 || body.indexOf(from, from + length, (byte) '#') >= 0;
    }

    /** The next {@code length} bytes as fields of their own (a property block). */
    PacketFields block(int length) {
        need(length);
        PacketFields block = new PacketFields(body.slice(body.readerIndex(), length), packet);
        body.skipBytes(length);
        return block;
    }

    private void need(int bytes) {
        if (body.readableBytes() < bytes) {
            throw PacketViolation.malformed(packet + " ends inside a field");
        }
    }

    /** Well-formed UTF-8 per RFC 3629 (no overlong forms, no surrogates, nothing above U+10FFFF), without U+0000. */
    static final class Utf8 {

        private Utf8() {}

        static boolean isWellFormed(ByteBuf buf, int from, int length) {
            int i = from;
            int end = from + length;
            while (i < end) {
                int b = buf.getUnsignedByte(i);
                if (b < 0x80) {
                    if (b == 0) {
                        return false;
                    }
                    i++;
                    continue;
                }
                int extra;
                int min;
                int max = 0xBF;
                if (b >= 0xC2 && b <= 0xDF) {
                    extra = 1;
                    min = 0x80;
                } else if (b >= 0xE0 && b <= 0xEF) {
                    extra = 2;
                    min = b == 0xE0 ? 0xA0 : 0x80;
                    max = b == 0xED ? 0x9F : 0xBF;
                } else if (b >= 0xF0 && b <= 0xF4) {
                    extra = 3;
                    min = b == 0xF0 ? 0x90 : 0x80;
                    max = b == 0xF4 ? 0x8F : 0xBF;
                } else {
                    return false;
                }
                if (i + extra >= end) {
                    return false;
                }
                int second = buf.getUnsignedByte(i + 1);
                if (second < min || second > max) {
                    return false;
                }
                for (int k = 2; k <= extra; k++) {
                    int next = buf.getUnsignedByte(i + k);
                    if (next < 0x80 || next > 0xBF) {
                        return false;
                    }
                }
                i += extra + 1;
            }
            return true;
        }
    }
}
