package io.relaymq.broker.auth;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Raw MQTT 5.0 CONNECT and AUTH packets with an Authentication Method and Data, for what a real client never sends. */
final class Mqtt5Wire {

    private Mqtt5Wire() {}

    static byte[] connect(String clientId, String method, String data) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(new byte[] {0, 4, 'M', 'Q', 'T', 'T', 5, 0x02, 0, 60});
        body.write(authProperties(method, data));
        string(body, clientId.getBytes(StandardCharsets.UTF_8));
        return packet(0x10, body.toByteArray());
    }

    static byte[] auth(int reason, String method, String data) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(reason);
        body.write(authProperties(method, data));
        return packet(0xF0, body.toByteArray());
    }

    static byte[] authProperties(String method, String data) throws IOException {
        ByteArrayOutputStream props = new ByteArrayOutputStream();
        props.write(0x15);
        string(props, method.getBytes(StandardCharsets.UTF_8));
        props.write(0x16);
        string(props, data.getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        varint(block, props.size());
        props.writeTo(block);
        return block.toByteArray();
    }

    static byte[] packet(int firstByte, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        varint(out, body.length);
        out.writeBytes(body);
        return out.toByteArray();
    }

    static void string(ByteArrayOutputStream out, byte[] bytes) throws IOException {
        out.write(bytes.length >> 8);
        out.write(bytes.length & 0xFF);
        out.write(bytes);
    }

    static void varint(ByteArrayOutputStream out, int value) {
        do {
            int digit = value % 128;
            value /= 128;
            out.write(value > 0 ? digit | 0x80 : digit);
        } while (value > 0);
    }

    /**
     * One packet as {@code [first byte, remaining length (capped at 127), body...]}: a CONNACK's reason code
     * is at index 3, an AUTH's at index 2.
     */
    static byte[] read(DataInputStream in) throws IOException {
        int first = in.readUnsignedByte();
        int length = 0;
        int shift = 0;
        int b;
        do {
            b = in.readUnsignedByte();
            length |= (b & 0x7F) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        byte[] packet = new byte[length + 2];
        packet[0] = (byte) first;
        packet[1] = (byte) Math.min(length, 0x7F);
        in.readFully(packet, 2, length);
        return packet;
    }
}
