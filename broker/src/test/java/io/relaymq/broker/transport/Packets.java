package io.relaymq.broker.transport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Hand-assembled MQTT packets, valid and not, for byte-level tests. */
final class Packets {

    private Packets() {}

    static byte[] packet(int firstByte, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            body.writeBytes(part);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        int length = body.size();
        do {
            int digit = length % 128;
            length /= 128;
            out.write(length > 0 ? digit | 0x80 : digit);
        } while (length > 0);
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

    static byte[] utf8(String s) {
        return raw(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A length-prefixed field from raw bytes (which may be ill-formed UTF-8). */
    static byte[] raw(byte[] content) {
        byte[] out = new byte[content.length + 2];
        out[0] = (byte) (content.length >> 8);
        out[1] = (byte) content.length;
        System.arraycopy(content, 0, out, 2, content.length);
        return out;
    }

    static byte[] u16(int value) {
        return bytes(value >> 8, value);
    }

    /** CONNECT 3.1.1 with the given flags byte, keep alive 60 and a client id (no will/user fields). */
    static byte[] connect311(int flags, String clientId) {
        return packet(0x10, utf8("MQTT"), bytes(4, flags), u16(60), utf8(clientId));
    }

    static byte[] connect311(String clientId) {
        return connect311(0x02, clientId);
    }

    /** CONNECT 5.0 with clean start, the given property bytes (already length-prefixed) and client id. */
    static byte[] connect5(String clientId, byte[] properties) {
        return packet(0x10, utf8("MQTT"), bytes(5, 0x02), u16(60), properties, utf8(clientId));
    }

    static byte[] connect5(String clientId) {
        return connect5(clientId, bytes(0));
    }

    /** A property block: variable-length size, then the given property bytes. */
    static byte[] props(int... content) {
        byte[] c = bytes(content);
        byte[] out = new byte[c.length + 1];
        out[0] = (byte) c.length;
        System.arraycopy(c, 0, out, 1, c.length);
        return out;
    }

    static byte[] publish311(int qos, String topic, int packetId, String payload) {
        byte[] id = qos > 0 ? u16(packetId) : new byte[0];
        return packet(0x30 | (qos << 1), utf8(topic), id, payload.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] subscribe311(int packetId, String filter, int qos) {
        return packet(0x82, u16(packetId), utf8(filter), bytes(qos));
    }
}
