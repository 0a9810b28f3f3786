package io.relaymq.broker.limits;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.internal.PlatformDependent;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Whether the node is short of memory: the heap still in use after the last garbage collection (what
 * live data needs, not garbage waiting to be collected), or Netty's direct memory, above its threshold.
 * Under pressure the node refuses new connections and stops queueing QoS 1/2 messages for clients
 * that are not reading; it logs when pressure starts and ends. A node that idles under pressure would
 * never learn that memory was freed (no collection, no new figures), so while under pressure without
 * any collection since the last check it asks for one, at most every {@value #FORCED_GC_EVERY_MS} ms.
 */
public class MemoryPressure implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MemoryPressure.class);
    private static final long FORCED_GC_EVERY_MS = 5_000;

    private final LimitsProperties limits;
    private final List<MemoryPoolMXBean> heapPools;
    private final ScheduledExecutorService checker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "memory-pressure");
        thread.setDaemon(true);
        return thread;
    });
    private volatile boolean underPressure;
    private volatile boolean running;
    private long collectionsSeen;
    private long forcedAt;

    public MemoryPressure(LimitsProperties limits, MeterRegistry registry) {
        this.limits = limits;
        this.heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported())
                .toList();
        Gauge.builder("relaymq.memory.pressure", () -> underPressure ? 1 : 0)
                .description("1 while the node refuses connections and sheds queued messages for lack of memory")
                .register(registry);
    }

    public boolean isUnderPressure() {
        return underPressure;
    }

    /** Reads the memory figures now and updates the pressure flag. */
    public void check() {
        long collections = collections();
        if (underPressure
                && collections == collectionsSeen
                && System.currentTimeMillis() - forcedAt > FORCED_GC_EVERY_MS) {
            forcedAt = System.currentTimeMillis();
            System.gc();
            collections = collections();
        }
        collectionsSeen = collections;
        double heapShare = heapAfterCollection();
        double directShare = directInUse();
        boolean pressure = heapShare > limits.heapThreshold() || directShare > limits.directThreshold();
        if (pressure != underPressure) {
            underPressure = pressure;
            if (pressure) {
                log.warn(
                        "memory pressure: heap after GC {}%, direct {}%; refusing connections and not queueing "
                                + "for clients that do not read",
                        percent(heapShare), percent(directShare));
            } else {
                log.info(
                        "memory pressure over: heap after GC {}%, direct {}%",
                        percent(heapShare), percent(directShare));
            }
        }
    }

    private static long percent(double share) {
        return Math.round(share * 100);
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }

    /** Live data share: usage after the last collection, or the current usage when that is lower. */
    private double heapAfterCollection() {
        double highest = 0;
        for (MemoryPoolMXBean pool : heapPools) {
            MemoryUsage after = pool.getCollectionUsage();
            MemoryUsage now = pool.getUsage();
            long max = now.getMax() > 0 ? now.getMax() : Runtime.getRuntime().maxMemory();
            if (after != null && max > 0) {
                highest = Math.max(highest, (double) Math.min(after.getUsed(), now.getUsed()) / max);
            }
        }
        return highest;
    }

    private static double directInUse() {
        long used = PlatformDependent.usedDirectMemory();
        long max = PlatformDependent.maxDirectMemory();
        return used < 0 || max <= 0 ? 0 : (double) used / max;
    }

    @Override
    public void start() {
        long every = limits.memoryCheckInterval().toMillis();
        checker.scheduleWithFixedDelay(this::check, every, every, TimeUnit.MILLISECONDS);
        running = true;
    }

    @Override
    public void stop() {
        checker.shutdownNow();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
