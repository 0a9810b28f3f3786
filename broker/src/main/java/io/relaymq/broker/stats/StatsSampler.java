package io.relaymq.broker.stats;

import io.relaymq.dao.stats.MinuteStatsRepository;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Writes this node's statistics once per interval, at each interval start (UTC): the counts of the interval
 * that just ended and the gauges as they are then, all stamped with that interval's start, in one statement.
 * A failed write loses that interval's point and is logged once per outage; the node goes on.
 */
public final class StatsSampler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(StatsSampler.class);

    private final NodeStatsReader reader;
    private final MinuteStatsRepository repository;
    private final String nodeId;
    private final SamplingInterval interval;
    private final boolean enabled;
    private final Clock clock;
    private final OutageLog outage = new OutageLog(log, "writing the historical statistics to PostgreSQL");
    private IntervalCounts counts;
    private volatile ScheduledExecutorService timer;

    public StatsSampler(
            NodeStatsReader reader,
            MinuteStatsRepository repository,
            String nodeId,
            StatsHistoryProperties settings,
            Clock clock) {
        this.reader = reader;
        this.repository = repository;
        this.nodeId = nodeId;
        this.interval = new SamplingInterval(settings.interval().toMillis());
        this.enabled = settings.enabled();
        this.clock = clock;
    }

    /** Not started when the historical statistics are switched off. */
    @Override
    public boolean isAutoStartup() {
        return enabled;
    }

    @Override
    public synchronized void start() {
        counts = new IntervalCounts(reader.read());
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-sampler");
            t.setDaemon(true);
            return t;
        });
        scheduleAt(interval.nextAfter(clock.millis()));
        log.info("historical statistics: a point every {} ms", interval.millis());
    }

    private void scheduleAt(long boundary) {
        ScheduledExecutorService current = timer;
        if (current == null) {
            return;
        }
        long delay = Math.max(0, boundary - clock.millis());
        try {
            current.schedule(() -> tick(boundary), delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            log.debug("stats sampler stopped");
        }
    }

    private void tick(long boundary) {
        try {
            sample(boundary - interval.millis());
        } finally {
            scheduleAt(Math.max(boundary + interval.millis(), interval.nextAfter(clock.millis())));
        }
    }

    /** Reads the node and writes the point of the interval that starts at {@code ts}. */
    void sample(long ts) {
        try {
            Map<String, Long> values = counts.next(reader.read());
            repository.write(nodeId, ts, values);
            outage.succeeded();
        } catch (RuntimeException e) {
            outage.failed(e);
        }
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
