package io.relaymq.localinfra.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Loopback port checks and free-port picking. */
public final class Ports {

    public static final String LOOPBACK = "127.0.0.1";
    private static final int EPHEMERAL_START = ephemeralStart();
    private static final Random RANDOM = new Random();
    /**
     * Ports this JVM has handed out. A picked port stays free until its server binds it, which can be
     * seconds later, so without this two picks in a row (two broker nodes started one after the other)
     * could get the same port.
     */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private Ports() {}

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

    /**
     * A free port for a server. Picked at random below the kernel's ephemeral range: a port the OS
     * hands out for bind(0) can be taken by any outgoing connection (a Redis or JDBC client) in the
     * seconds before a slow-starting server binds it.
     */
    public static int free() {
        return freeBelowEphemeral(0);
    }

    /** A free port {@code p} whose companion {@code p + offset} is free too (Redis cluster bus). */
    public static int freeWithCompanion(int offset) {
        return freeBelowEphemeral(offset);
    }

    private static int freeBelowEphemeral(int companionOffset) {
        int low = 10000;
        int high = EPHEMERAL_START - 1 - companionOffset;
        for (int attempt = 0; attempt < 500; attempt++) {
            int port = low + RANDOM.nextInt(high - low);
            if (isFree(port)
                    && (companionOffset == 0 || isFree(port + companionOffset))
                    && handOut(port, companionOffset)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port between " + low + " and " + high);
    }

    /** Claims {@code port} (and its companion) for this JVM; false when an earlier pick has either. */
    private static boolean handOut(int port, int companionOffset) {
        if (!HANDED_OUT.add(port)) {
            return false;
        }
        if (companionOffset != 0 && !HANDED_OUT.add(port + companionOffset)) {
            HANDED_OUT.remove(port);
            return false;
        }
        return true;
    }

    /** The first port of the kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range). */
    static int ephemeralStart() {
        try {
            String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .get(0);
            int start = Integer.parseInt(range.trim().split("\\s+")[0]);
            return start > 20000 + 10000 ? start : 32768;
        } catch (IOException | RuntimeException e) {
            return 32768;
        }
    }
}
