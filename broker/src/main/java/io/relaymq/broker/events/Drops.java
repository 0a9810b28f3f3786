package io.relaymq.broker.events;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts events that were not sent ({@code relaymq.client.events.dropped}, tagged with the reason) and logs a drop
 * at most once a minute, so that a Kafka outage costs a line a minute, not a line per connect.
 */
final class Drops {

    private static final Logger log = LoggerFactory.getLogger(Drops.class);
    static final String METER = "relaymq.client.events.dropped";
    private static final long LOG_EVERY_MILLIS = 60_000;

    private final MeterRegistry meters;
    private final Clock clock;
    private final AtomicLong lastLogged = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong sinceLogged = new AtomicLong();

    /** The reasons a drop is counted under; each counter exists from the start, at 0. */
    static final List<String> REASONS = List.of("queue_full", "kafka_refused", "sys_topic_refused");

    Drops(MeterRegistry meters, Clock clock) {
        this.meters = meters;
        this.clock = clock;
        REASONS.forEach(this::counter);
    }

    private Counter counter(String reason) {
        return Counter.builder(METER)
                .description("client lifecycle events not sent (queue full, or refused by Kafka)")
                .tag("reason", reason)
                .register(meters);
    }

    void dropped(String reason, ClientEvent event, Throwable error) {
        counter(reason).increment();
        long dropped = sinceLogged.incrementAndGet();
        long now = clock.millis();
        long last = lastLogged.get();
        if ((last == Long.MIN_VALUE || now - last >= LOG_EVERY_MILLIS) && lastLogged.compareAndSet(last, now)) {
            sinceLogged.addAndGet(-dropped);
            log.warn(
                    "[{}] {} event dropped ({}), {} dropped since the last such line{}",
                    event.clientId(),
                    event.type(),
                    reason,
                    dropped,
                    error == null ? "" : ": " + error);
        }
    }
}
