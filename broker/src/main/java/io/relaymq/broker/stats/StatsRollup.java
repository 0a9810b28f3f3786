package io.relaymq.broker.stats;

import io.relaymq.dao.stats.HourStatsRepository;
import io.relaymq.dao.stats.MinuteStatsRepository;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Every rollup period: rolls the points of the last two hours and of the current one into the hourly table
 * (the hour in progress is rolled again each time, so the rollup is at most one period behind), then deletes
 * points past the raw retention and hourly rows past the rollup retention. Every node runs it; the rollup
 * replaces rows, so nodes running it at once write the same result, one after the other.
 */
public final class StatsRollup implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(StatsRollup.class);
    private static final long HOUR = HourStatsRepository.HOUR_MILLIS;

    /** Full hours before the current one that each run rolls up again (covers a node that was late). */
    static final int HOURS_BACK = 2;

    private final MinuteStatsRepository minutes;
    private final HourStatsRepository hours;
    private final StatsHistoryProperties settings;
    private final Clock clock;
    private final OutageLog outage = new OutageLog(log, "rolling up the historical statistics");
    private ScheduledExecutorService timer;

    public StatsRollup(
            MinuteStatsRepository minutes, HourStatsRepository hours, StatsHistoryProperties settings, Clock clock) {
        this.minutes = minutes;
        this.hours = hours;
        this.settings = settings;
        this.clock = clock;
    }

    /** One run as if the time were {@code now}: roll up, then apply both retentions. */
    public void runAt(long now) {
        long currentHour = Math.floorDiv(now, HOUR) * HOUR;
        int rolled = hours.rollUp(currentHour - HOURS_BACK * HOUR, currentHour + HOUR, StatsKey.clusterWide());
        int raw = minutes.deleteBefore(now - settings.rawRetention().toMillis());
        int hourly = hours.deleteBefore(now - settings.rollupRetention().toMillis());
        log.debug(
                "stats rollup: {} hourly rows written, {} points and {} hourly rows past retention",
                rolled,
                raw,
                hourly);
    }

    private void run() {
        try {
            runAt(clock.millis());
            outage.succeeded();
        } catch (RuntimeException e) {
            outage.failed(e);
        }
    }

    /** Not started when the historical statistics are switched off. */
    @Override
    public boolean isAutoStartup() {
        return settings.enabled();
    }

    @Override
    public synchronized void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-rollup");
            t.setDaemon(true);
            return t;
        });
        Duration period = settings.rollupPeriod();
        timer.scheduleWithFixedDelay(this::run, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
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
