package io.relaymq.broker.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of one broker node that can freeze: it then passes nothing on in either
 * direction and closes nothing, like a connection whose network path died. The broker keeps the
 * connection open until it takes the session over or its keep alive runs out; the client stops
 * hearing from it. That is the half-open connection a takeover has to cope with.
 */
final class FreezableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final String target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    private boolean frozen;
    private boolean closed;

    FreezableProxy(String targetUri) throws IOException {
        this.target = targetUri;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accepting = new Thread(this::accept, "proxy-accept-" + server.getLocalPort());
        accepting.setDaemon(true);
        accepting.start();
    }

    String uri() {
        return "tcp://127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        URI uri = URI.create(target);
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket broker = new Socket(uri.getHost(), uri.getPort());
                sockets.add(client);
                sockets.add(broker);
                pump(client, broker, "up");
                pump(broker, client, "down");
            } catch (IOException e) {
                // server closed, or the node is down: the client sees a refused connection either way
            }
        }
    }

    private void pump(Socket from, Socket to, String direction) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try {
                        int n;
                        do {
                            n = in.read(buffer);
                            if (!awaitThawed()) {
                                return;
                            }
                            if (n > 0) {
                                out.write(buffer, 0, n);
                                out.flush();
                            }
                        } while (n >= 0);
                        from.close();
                        to.close();
                    } catch (IOException e) {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "proxy-" + direction + "-" + server.getLocalPort());
        thread.setDaemon(true);
        thread.start();
    }

    /** Blocks while frozen; false once the proxy is closed. */
    private boolean awaitThawed() {
        synchronized (lock) {
            while (frozen && !closed) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return !closed;
        }
    }

    /** From now on nothing passes and nothing is closed, until {@link #close}. */
    void freeze() {
        synchronized (lock) {
            frozen = true;
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        closeQuietly(server);
        sockets.forEach(FreezableProxy::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing anyway
        }
    }
}
