package io.relaymq.broker.api.reset;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The thread password reset requests run on, one at a time in the order asked, lookup and mail included:
 * the caller is answered before any of it, so the answer's timing does not tell whether the address has
 * an account. At most {@link #QUEUED_AT_MOST} requests wait; beyond that {@link #execute} throws
 * {@link java.util.concurrent.RejectedExecutionException}.
 */
final class ResetExecutor implements Executor, AutoCloseable {

    /** More than a minute's mail budget of any sane setting; beyond it the SMTP server is not keeping up. */
    static final int QUEUED_AT_MOST = 100;

    private final ThreadPoolExecutor executor = new ThreadPoolExecutor(
            1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUED_AT_MOST), ResetExecutor::thread);

    @Override
    public void execute(Runnable request) {
        executor.execute(request);
    }

    @Override
    public void close() {
        executor.shutdown();
    }

    private static Thread thread(Runnable task) {
        Thread thread = new Thread(task, "relaymq-reset-mail");
        thread.setDaemon(true);
        return thread;
    }
}
