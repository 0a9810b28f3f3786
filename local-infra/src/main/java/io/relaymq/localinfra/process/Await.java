package io.relaymq.localinfra.process;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polls a readiness condition until it holds or a deadline passes. */
public final class Await {

    private Await() {}

    /**
     * Waits for {@code condition}; exceptions thrown by it count as "not yet". On timeout, throws with
     * {@code what} and the diagnostics from {@code onTimeout} (typically the tail of a server log).
     */
    public static void until(String what, Duration timeout, BooleanSupplier condition, Supplier<String> onTimeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (GaveUp e) {
                throw e;
            } catch (RuntimeException e) {
                last = e;
            }
            pause();
        }
        IllegalStateException failure =
                new IllegalStateException(what + " not ready after " + timeout.toSeconds() + " s\n" + onTimeout.get());
        if (last != null) {
            failure.addSuppressed(last);
        }
        throw failure;
    }

    /** Thrown by a condition that knows waiting longer cannot help (the server process exited). */
    public static final class GaveUp extends IllegalStateException {
        public GaveUp(String message) {
            super(message);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting", e);
        }
    }
}
