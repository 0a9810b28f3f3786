package io.relaymq.integration;

import io.relaymq.integration.executor.IntegrationExecutor;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the executor when the context is ready and stops it first when the context closes (a late phase),
 * so deliveries end before the rest of a node goes down.
 */
public class IntegrationExecutorLifecycle implements SmartLifecycle {

    private final IntegrationExecutor executor;
    private final boolean enabled;
    private volatile boolean running;

    public IntegrationExecutorLifecycle(IntegrationExecutor executor, boolean enabled) {
        this.executor = executor;
        this.enabled = enabled;
    }

    @Override
    public void start() {
        if (enabled) {
            executor.start();
        }
        running = true;
    }

    @Override
    public void stop() {
        executor.close();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1000;
    }
}
