package io.relaymq.broker.wiring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.relaymq.broker.kafka.ConsumerGroupLag;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.persistence.device.DevicePersistenceProperties;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * {@code relaymq.kafka.consumer.lag{group}}: records not yet consumed by the cluster's own consumer groups
 * (published messages, persistent DEVICE messages), read from Kafka every 30 s.
 */
@Component
public class KafkaLagMetrics implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(KafkaLagMetrics.class);
    private static final long PERIOD_SECONDS = 30;

    private final Admin admin;
    private final long timeoutMillis;
    private final Map<String, AtomicLong> lags = new ConcurrentHashMap<>();
    private ScheduledExecutorService timer;

    public KafkaLagMetrics(
            Admin admin, KafkaProperties kafka, DevicePersistenceProperties device, MeterRegistry meters) {
        this.admin = admin;
        this.timeoutMillis = kafka.apiTimeout().toMillis();
        for (String group :
                List.of(kafka.msgAll().consumerGroup(), device.kafka().consumerGroup())) {
            AtomicLong lag = new AtomicLong();
            lags.put(group, lag);
            meters.gauge("relaymq.kafka.consumer.lag", List.of(Tag.of("group", group)), lag);
        }
    }

    private void refresh() {
        lags.forEach((group, lag) -> {
            try {
                lag.set(ConsumerGroupLag.of(admin, group, timeoutMillis));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                log.debug("consumer lag of {} not read: {}", group, e.getMessage());
            }
        });
    }

    @Override
    public void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kafka-lag-metrics");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::refresh, 5, PERIOD_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public boolean isRunning() {
        return timer != null;
    }
}
