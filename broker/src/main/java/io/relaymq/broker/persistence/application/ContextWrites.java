package io.relaymq.broker.persistence.application;

import io.relaymq.dao.appsession.ApplicationSessionCtx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Writes of one APPLICATION session's in-flight context to PostgreSQL, one at a time and in the order asked
 * for: a write asked for while one runs is folded into a single next one, taken from the session's state
 * at that moment (only the newest state matters). So a session costs at most one write per round trip to
 * PostgreSQL, however many QoS 2 messages it sends, and an older state never overwrites a newer one. Runs on
 * the session's thread ({@code sessionThread}).
 */
final class ContextWrites {

    private final Supplier<ApplicationSessionCtx> snapshot;
    private final Function<ApplicationSessionCtx, CompletionStage<Void>> write;
    private final Executor sessionThread;
    private boolean running;
    private boolean again;
    /** Told when the next write (the one that will hold the state of their request) ended. */
    private List<Consumer<Throwable>> waitingForNext = new ArrayList<>();

    ContextWrites(
            Supplier<ApplicationSessionCtx> snapshot,
            Function<ApplicationSessionCtx, CompletionStage<Void>> write,
            Executor sessionThread) {
        this.snapshot = snapshot;
        this.write = write;
        this.sessionThread = sessionThread;
    }

    /** The state changed: it is written now, or after the write that runs. */
    void request() {
        if (running) {
            again = true;
            return;
        }
        running = true;
        again = false;
        List<Consumer<Throwable>> told = waitingForNext;
        waitingForNext = new ArrayList<>();
        write.apply(snapshot.get()).whenComplete((ok, error) -> sessionThread.execute(() -> done(told, error)));
    }

    /**
     * The state changed and {@code then} must wait until a write holding it ended: {@code then} gets null
     * when it was written, or the write's failure. Runs on the session's thread.
     */
    void request(Consumer<Throwable> then) {
        waitingForNext.add(then);
        request();
    }

    private void done(List<Consumer<Throwable>> told, Throwable error) {
        running = false;
        told.forEach(t -> t.accept(error));
        if (again) {
            request();
        }
    }
}
