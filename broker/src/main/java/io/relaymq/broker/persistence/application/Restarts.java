package io.relaymq.broker.persistence.application;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.errors.InterruptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a reader of APPLICATION topics outlives a failure: its body runs again after a pause that doubles from
 * {@link #FIRST_PAUSE_MILLIS} up to {@link #MOST_PAUSE_MILLIS}, until it is stopped or its thread interrupted.
 * The first failure in a row is logged with its stack trace, the next ones at debug; a poll that works
 * ({@link #worked}) starts a new row. One instance per reader, used from the reader's thread (and
 * {@link #wake} from any thread).
 */
final class Restarts {

    private static final Logger log = LoggerFactory.getLogger(Restarts.class);
    static final long FIRST_PAUSE_MILLIS = 500;
    static final long MOST_PAUSE_MILLIS = 30_000;

    private final String what;
    private volatile Thread thread;
    private volatile int count;
    private boolean failing;
    private long pause = FIRST_PAUSE_MILLIS;

    /** @param what names the reader in log lines, e.g. {@code "[client] reading relaymq.app.client"} */
    Restarts(String what) {
        this.what = what;
    }

    /** Runs {@code body} until it returns, {@code running} turns false or the thread is interrupted. */
    void run(BooleanSupplier running, Runnable body) {
        thread = Thread.currentThread();
        try {
            while (running.getAsBoolean() && !Thread.currentThread().isInterrupted()) {
                try {
                    body.run();
                    return;
                } catch (InterruptException e) {
                    return; // the executor is shutting down
                } catch (RuntimeException e) {
                    if (!running.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                        return;
                    }
                    if (failing) {
                        log.debug("{} failed again: {}", what, e.toString());
                    } else {
                        log.warn("{} failed, starting again in {} ms", what, pause, e);
                    }
                    failing = true;
                    count++;
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pause));
                    pause = Math.min(2 * pause, MOST_PAUSE_MILLIS);
                }
            }
        } finally {
            thread = null;
        }
    }

    /** A poll worked: the next failure is logged in full and waits the first pause again. */
    void worked() {
        failing = false;
        pause = FIRST_PAUSE_MILLIS;
    }

    /** Ends a pause at once (the reader was stopped). */
    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** How often the body started again after a failure. */
    int count() {
        return count;
    }
}
