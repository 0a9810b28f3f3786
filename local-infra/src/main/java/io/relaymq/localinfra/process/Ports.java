package io.relaymq.localinfra.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback port checks and free-port picking. */
public final class Ports {

    public static final String LOOPBACK = "127.0.0.1";

    private Ports() {
    }

    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getByName(LOOPBACK), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public static boolean isListening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LOOPBACK, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A free port chosen by the OS. */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port", e);
        }
    }

    /** A free port {@code p} whose companion {@code p + offset} is free too (Redis cluster bus). */
    public static int freeWithCompanion(int offset) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = free();
            if (port + offset <= 65535 && isFree(port + offset)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port p with p+" + offset + " free");
    }
}
