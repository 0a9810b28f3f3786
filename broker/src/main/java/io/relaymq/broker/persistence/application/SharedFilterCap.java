package io.relaymq.broker.persistence.application;

import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.subscribe.SharedFilterQuota;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.client.ClientType;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Bounds the topic filters of APPLICATION shared subscriptions, cluster-wide: each one costs a Kafka
 * topic and a row of the registry in PostgreSQL that stay after its subscribers leave. A filter already
 * registered is always admitted; a new one only while fewer than {@code max} are registered. The node
 * knows the registry as it last read it ({@link #refresh()}, every few seconds) plus the filters it
 * admitted since, so nodes admitting new filters at the same moment can pass the cap by what they
 * admitted in that moment. Only persistent APPLICATION sessions create topics; other shared
 * subscriptions are not counted.
 */
public final class SharedFilterCap implements SharedFilterQuota, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(SharedFilterCap.class);
    /** A filter admitted here but not in the registry after this long was never registered: forget it. */
    private static final Duration ADMITTED_TTL = Duration.ofMinutes(1);

    private final int max;
    private final Supplier<Collection<String>> registry;
    private final LongSupplier clock;
    private volatile Set<String> registered = Set.of();
    private final Map<String, Long> admitted = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "shared-filter-cap");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param max      registered filters allowed (0: no limit)
     * @param registry reads every registered topic filter
     */
    public SharedFilterCap(int max, Supplier<Collection<String>> registry, LongSupplier clock) {
        this.max = max;
        this.registry = registry;
        this.clock = clock;
    }

    @Override
    public boolean admits(ClientSession session, TopicFilter filter) {
        if (max == 0
                || !filter.isShared()
                || session.clientType() != ClientType.APPLICATION
                || !session.isPersisted()) {
            return true;
        }
        String topicFilter = filter.filter();
        if (registered.contains(topicFilter) || admitted.containsKey(topicFilter)) {
            return true;
        }
        synchronized (this) {
            if (registered.size() + admitted.size() >= max) {
                return false;
            }
            admitted.put(topicFilter, clock.getAsLong());
            return true;
        }
    }

    /** Reads the registry now and then every {@code interval}. */
    public SharedFilterCap refreshEvery(Duration interval) {
        refresh();
        timer.scheduleWithFixedDelay(this::refresh, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }

    /** Reads the registry again; keeps what it admitted that is not there yet. */
    public void refresh() {
        try {
            Set<String> now = Set.copyOf(registry.get());
            long expired = clock.getAsLong() - ADMITTED_TTL.toMillis();
            synchronized (this) {
                registered = now;
                admitted.entrySet().removeIf(e -> now.contains(e.getKey()) || e.getValue() < expired);
            }
        } catch (RuntimeException e) {
            log.warn("shared subscription registry not read, the cap counts what it knew: {}", e.getMessage());
        }
    }
}
