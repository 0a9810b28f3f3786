package io.relaymq.broker.support;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A 3.1.1 client written byte by byte, so a test can send exactly what a real client sends after a lost
 * connection (a PUBLISH again with DUP set and its old packet id, or PUBREL, on whichever node it reaches),
 * and see exactly what the broker sends (packet ids, DUP), acknowledging only what it chooses to.
 */
public final class RawMqttClient implements AutoCloseable {

    /** One packet read: its first byte and its body. */
    public record Packet(int firstByte, byte[] body) {
        public int type() {
            return firstByte >> 4;
        }

        /** The packet id of an acknowledgement (PUBACK, PUBREC, PUBREL, PUBCOMP, SUBACK). */
        public int packetId() {
            return ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
        }

        public boolean dup() {
            return (firstByte & 0x08) != 0;
        }

        public int qos() {
            return (firstByte >> 1) & 0x03;
        }

        /** The packet id of a QoS 1/2 PUBLISH. */
        public int publishPacketId() {
            int topicLength = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
            return ((body[2 + topicLength] & 0xFF) << 8) | (body[3 + topicLength] & 0xFF);
        }

        /** The payload of a QoS 1/2 PUBLISH. */
        public String publishPayload() {
            int topicLength = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
            int start = 4 + topicLength;
            return new String(body, start, body.length - start, StandardCharsets.UTF_8);
        }
    }

    public static final int CONNACK = 2;
    public static final int PUBLISH = 3;
    public static final int PUBREC = 5;
    public static final int PUBREL = 6;
    public static final int PUBCOMP = 7;
    public static final int SUBACK = 9;

    private final Socket socket;
    private final DataInputStream in;

    private RawMqttClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
    }

    /** Connects with clean session 0 (a persistent session) and returns after a successful CONNACK. */
    public static RawMqttClient connectPersistent(String mqttUri, String clientId) throws IOException {
        return connect(mqttUri, clientId, false);
    }

    public static RawMqttClient connect(String mqttUri, String clientId, boolean cleanSession) throws IOException {
        String[] hostPort = mqttUri.substring("tcp://".length()).split(":");
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 5_000);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(30_000);
        RawMqttClient client = new RawMqttClient(socket);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0, 4, 'M', 'Q', 'T', 'T', 4, (byte) (cleanSession ? 0x02 : 0), 0, 60});
        utf8(body, clientId);
        client.write(0x10, body.toByteArray());
        Packet connAck = client.read();
        if (connAck.type() != CONNACK || connAck.body()[1] != 0) {
            client.close();
            throw new IOException("CONNECT refused: " + connAck.type() + "/" + connAck.body()[1]);
        }
        return client;
    }

    public void publishQos2(String topic, int packetId, boolean dup, String payload) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        utf8(body, topic);
        body.write(packetId >> 8);
        body.write(packetId & 0xFF);
        body.writeBytes(payload.getBytes(StandardCharsets.UTF_8));
        write(0x34 | (dup ? 0x08 : 0), body.toByteArray());
    }

    /** PUBREC for a QoS 2 PUBLISH this client received. */
    public void pubrec(int packetId) throws IOException {
        write(0x50, new byte[] {(byte) (packetId >> 8), (byte) packetId});
    }

    /** PUBCOMP for a QoS 2 PUBLISH this client received and got PUBREL for. */
    public void pubcomp(int packetId) throws IOException {
        write(0x70, new byte[] {(byte) (packetId >> 8), (byte) packetId});
    }

    public void pubrel(int packetId) throws IOException {
        write(0x62, new byte[] {(byte) (packetId >> 8), (byte) packetId});
    }

    /** The next packet; one of another type than {@code type} fails the test. */
    public Packet expect(int type, int packetId) throws IOException {
        Packet packet = read();
        if (packet.type() != type || packet.packetId() != packetId) {
            throw new IOException("expected type " + type + " for " + packetId + ", got " + packet.type() + " for "
                    + packet.packetId());
        }
        return packet;
    }

    /** The next packet, or null when none arrives within {@code timeoutMillis}. */
    public Packet poll(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            return read();
        } catch (SocketTimeoutException nothing) {
            return null;
        } finally {
            socket.setSoTimeout(30_000);
        }
    }

    /** The next QoS 1 or 2 PUBLISH; QoS 0 ones (probes) before it are skipped. */
    public Packet nextAcknowledgedPublish() throws IOException {
        while (true) {
            Packet packet = read();
            if (packet.type() == PUBLISH && packet.qos() > 0) {
                return packet;
            }
        }
    }

    public Packet read() throws IOException {
        int first = in.readUnsignedByte();
        int length = 0;
        int multiplier = 1;
        int digit;
        do {
            digit = in.readUnsignedByte();
            length += (digit & 0x7F) * multiplier;
            multiplier *= 128;
        } while ((digit & 0x80) != 0);
        byte[] body = new byte[length];
        in.readFully(body);
        return new Packet(first, body);
    }

    /** SUBSCRIBE to one filter at {@code qos}; returns after its SUBACK. */
    public void subscribe(int packetId, String filter, int qos) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(packetId >> 8);
        body.write(packetId & 0xFF);
        utf8(body, filter);
        body.write(qos);
        write(0x82, body.toByteArray());
        expect(SUBACK, packetId);
    }

    private void write(int firstByte, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        int left = body.length;
        do {
            int digit = left % 128;
            left /= 128;
            out.write(left > 0 ? digit | 0x80 : digit);
        } while (left > 0);
        out.writeBytes(body);
        socket.getOutputStream().write(out.toByteArray());
        socket.getOutputStream().flush();
    }

    private static void utf8(ByteArrayOutputStream out, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.write(bytes.length >> 8);
        out.write(bytes.length & 0xFF);
        out.writeBytes(bytes);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
