package io.relaymq.broker.security;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Raw MQTT 3.1.1 bytes over plain sockets, from any local source address, for the pre-authentication tests. */
final class RawMqtt {

    private RawMqtt() {}

    /** A socket to the broker on 127.0.0.1 from {@code source} (every 127.x address is local on Linux). */
    static Socket open(String source, int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(source, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setTcpNoDelay(true);
        return socket;
    }

    /** A 3.1.1 CONNECT with clean session, keep alive 60 s, and the user name and password when not null. */
    static byte[] connect(String clientId, String username, String password) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0, 4, 'M', 'Q', 'T', 'T', 4});
        body.write(0x02 | (username != null ? 0x80 : 0) | (password != null ? 0x40 : 0));
        body.writeBytes(new byte[] {0, 60});
        utf8(body, clientId);
        if (username != null) {
            utf8(body, username);
        }
        if (password != null) {
            utf8(body, password);
        }
        return packet(0x10, body.toByteArray());
    }

    /** A fixed header (first byte, remaining length) followed by {@code body}. */
    static byte[] packet(int firstByte, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(firstByte);
        out.writeBytes(remainingLength(body.length));
        out.writeBytes(body);
        return out.toByteArray();
    }

    static byte[] remainingLength(int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int left = length;
        do {
            int digit = left % 128;
            left /= 128;
            out.write(left > 0 ? digit | 0x80 : digit);
        } while (left > 0);
        return out.toByteArray();
    }

    private static void utf8(ByteArrayOutputStream out, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.write(bytes.length >> 8);
        out.write(bytes.length & 0xFF);
        out.writeBytes(bytes);
    }

    /**
     * The CONNACK return code, or -1 when the broker closed the connection without one; waits at most
     * {@code timeoutMillis} (then throws {@link SocketTimeoutException}).
     */
    static int connAck(Socket socket, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        InputStream in = socket.getInputStream();
        byte[] connAck = new byte[4];
        int read = 0;
        while (read < 4) {
            int n;
            try {
                n = in.read(connAck, read, 4 - read);
            } catch (SocketTimeoutException stillOpen) {
                throw stillOpen;
            } catch (IOException reset) {
                return -1;
            }
            if (n < 0) {
                return -1;
            }
            read += n;
        }
        if (connAck[0] != 0x20 || connAck[1] != 2) {
            throw new IOException("not a CONNACK: " + connAck[0]);
        }
        return connAck[3];
    }

    /** Whether the broker has closed the connection (end of stream or reset); waits up to 50 ms for it. */
    static boolean closedByBroker(Socket socket) {
        try {
            socket.setSoTimeout(50);
            InputStream in = socket.getInputStream();
            while (true) {
                int b = in.read();
                if (b < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException alreadyGone) {
            // closing is all that was wanted
        }
    }
}
