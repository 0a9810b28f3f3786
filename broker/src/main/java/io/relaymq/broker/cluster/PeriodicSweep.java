package io.relaymq.broker.cluster;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A cluster clean-up that runs on a daemon thread of its own every interval while the node runs (phase 300,
 * after the replicas it reads). A failed round is logged and the next one runs as planned: with its stack
 * trace the first time, then in one line until a round succeeds again, so an outage of Redis or Kafka does
 * not fill the log.
 */
public abstract class PeriodicSweep implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicSweep.class);

    private final String name;
    private final Duration interval;
    private ScheduledExecutorService timer;
    private volatile boolean running;
    private boolean failing;

    protected PeriodicSweep(String name, Duration interval) {
        this.name = name;
        this.interval = interval;
    }

    /** One round; runs on the sweep's thread. */
    protected abstract void round() throws Exception;

    private void roundLogged() {
        try {
            round();
            if (failing) {
                log.info("{}: works again", name);
            }
            failing = false;
        } catch (Exception e) {
            if (failing) {
                log.warn("{} failed again: {}", name, e.toString());
            } else {
                log.warn("{} failed", name, e);
            }
            failing = true;
        }
    }

    @Override
    public void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(
                this::roundLogged, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return 300;
    }
}
