package io.relaymq.broker.auth.lanes;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The auth threads (credentials lookups, then the hand-over to the hash lanes) and their bounded queue, in
 * two lanes: CONNECTs from addresses without recent wrong passwords go first, so a flood of wrong passwords,
 * whose every attempt still costs a lookup, cannot make honest clients wait behind it. At most
 * {@code queueSize} checks wait in both lanes together; one that does not fit is refused ({@link #offer}
 * returns false) and the caller answers "server busy".
 */
public final class AuthQueue implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AuthQueue.class);

    private final int queueSize;
    private final ArrayDeque<Runnable> first = new ArrayDeque<>();
    private final ArrayDeque<Runnable> rest = new ArrayDeque<>();
    private boolean closed;

    public AuthQueue(int threads, int queueSize) {
        this.queueSize = queueSize;
        AtomicInteger count = new AtomicInteger();
        for (int i = 0; i < threads; i++) {
            Thread thread = new Thread(this::work, "mqtt-auth-" + count.incrementAndGet());
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Queues {@code task}, ahead of the others when {@code priority}; false when full or closed. */
    public synchronized boolean offer(boolean priority, Runnable task) {
        if (closed || first.size() + rest.size() >= queueSize) {
            return false;
        }
        (priority ? first : rest).addLast(task);
        notify();
        return true;
    }

    public synchronized boolean isClosed() {
        return closed;
    }

    /** Checks waiting now (not counting those running). */
    public synchronized int queued() {
        return first.size() + rest.size();
    }

    private void work() {
        while (true) {
            Runnable task;
            synchronized (this) {
                while (first.isEmpty() && rest.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                task = first.isEmpty() ? rest.pollFirst() : first.pollFirst();
            }
            try {
                task.run();
            } catch (RuntimeException | Error e) {
                log.warn("authentication task failed", e);
            }
        }
    }

    /** Refuses new checks; the waiting ones are dropped (their connections are closing with the node). */
    @Override
    public synchronized void close() {
        closed = true;
        first.clear();
        rest.clear();
        notifyAll();
    }
}
