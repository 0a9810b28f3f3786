package io.relaymq.broker.kafka;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * A node component driven by one {@link ConsumerLoop}: the loop is built and started with the
 * application, stopped with it; subclasses close what else they own (producers) in {@link #destroy()}.
 */
public abstract class ConsumerWorker implements SmartLifecycle, DisposableBean {

    private final int phase;
    private ConsumerLoop loop;

    protected ConsumerWorker(int phase) {
        this.phase = phase;
    }

    /** Builds the (not yet started) loop, through {@link ConsumerLoops#create}. */
    protected abstract ConsumerLoop createLoop();

    @Override
    public final void start() {
        loop = createLoop();
        loop.start();
    }

    @Override
    public final void stop() {
        if (loop != null) {
            loop.stop();
        }
    }

    @Override
    public final boolean isRunning() {
        return loop != null && loop.isRunning();
    }

    @Override
    public final int getPhase() {
        return phase;
    }

    @Override
    public void destroy() {
        // nothing to close unless the subclass owns more
    }
}
