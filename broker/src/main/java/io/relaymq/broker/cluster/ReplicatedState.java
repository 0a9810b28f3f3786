package io.relaymq.broker.cluster;

import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * The lifecycle every piece of replicated cluster state shares: its {@link StateTopicReplica} catches
 * up at start (before routing and the MQTT listeners, phase 50-60), stops reading at shutdown, and
 * closes its producer last.
 */
public abstract class ReplicatedState implements SmartLifecycle, DisposableBean {

    private final Duration catchUpTimeout;
    private final int phase;
    private StateTopicReplica replica;
    private volatile boolean running;

    protected ReplicatedState(Duration catchUpTimeout, int phase) {
        this.catchUpTimeout = catchUpTimeout;
        this.phase = phase;
    }

    /** Subclass constructors hand over their replica once they have built it. */
    protected final void use(StateTopicReplica stateReplica) {
        this.replica = stateReplica;
    }

    protected final StateTopicReplica replica() {
        return replica;
    }

    @Override
    public final void start() {
        replica.startAndCatchUp(catchUpTimeout);
        running = true;
    }

    @Override
    public final void stop() {
        running = false;
        replica.stopReading();
    }

    @Override
    public final void destroy() {
        replica.close();
    }

    @Override
    public final boolean isRunning() {
        return running;
    }

    @Override
    public final int getPhase() {
        return phase;
    }
}
