package io.relaymq.broker.auth;

import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.dao.auth.UnauthorizedClient;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Records refused connection attempts in PostgreSQL: collected in a bounded buffer (the latest attempt
 * per client id; when full, new client ids are counted and dropped), written in one batch per second,
 * and trimmed to the configured age and count every minute. Never blocks a CONNECT.
 */
public final class UnauthorizedClientLog implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(UnauthorizedClientLog.class);
    private static final int BUFFER_LIMIT = 10_000;

    private final UnauthorizedClientRepository repository;
    private final AuthProperties properties;
    private final Clock clock;
    private final ScheduledExecutorService writer;
    private Map<String, UnauthorizedClient> pending = new LinkedHashMap<>();
    private long dropped;

    public UnauthorizedClientLog(UnauthorizedClientRepository repository, AuthProperties properties, Clock clock) {
        this.repository = repository;
        this.properties = properties;
        this.clock = clock;
        this.writer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "unauthorized-log");
            thread.setDaemon(true);
            return thread;
        });
        writer.scheduleWithFixedDelay(this::flush, 1, 1, TimeUnit.SECONDS);
        writer.scheduleWithFixedDelay(this::trim, 1, 60, TimeUnit.SECONDS);
    }

    public void record(AuthRequest request, String reason) {
        UnauthorizedClient entry = new UnauthorizedClient(
                request.clientId(),
                request.ipAddress(),
                clock.millis(),
                request.username(),
                request.hasPassword(),
                request.tls(),
                truncate(reason));
        synchronized (this) {
            if (pending.size() >= BUFFER_LIMIT && !pending.containsKey(request.clientId())) {
                dropped++;
                return;
            }
            pending.put(request.clientId(), entry);
        }
    }

    /** Writes what has been collected; also called by tests and at shutdown. */
    public void flush() {
        Map<String, UnauthorizedClient> batch;
        long lost;
        synchronized (this) {
            batch = pending;
            pending = new LinkedHashMap<>();
            lost = dropped;
            dropped = 0;
        }
        if (lost > 0) {
            log.warn("{} refused connection attempts not recorded: buffer full", lost);
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            repository.saveAll(batch.values().stream().toList());
        } catch (RuntimeException e) {
            log.warn("{} refused connection attempts not recorded: {}", batch.size(), e.getMessage());
        }
    }

    private void trim() {
        try {
            Duration ttl = properties.unauthorizedTtl();
            repository.trim(clock.millis() - ttl.toMillis(), properties.unauthorizedMaxEntries());
        } catch (RuntimeException e) {
            log.warn("could not trim the refused-clients log: {}", e.getMessage());
        }
    }

    private static String truncate(String reason) {
        return reason.length() <= 1000 ? reason : reason.substring(0, 1000);
    }

    @Override
    public void destroy() {
        writer.shutdown();
        flush();
    }
}
