package io.relaymq.broker.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/**
 * The broker's MQTT meters, with stable dotted names (Prometheus: dots become underscores):
 * {@code relaymq.connections.current|opened|rejected}, {@code relaymq.messages.in|out|dropped},
 * {@code relaymq.bytes.in|out} (payload bytes), {@code relaymq.kafka.produce.latency}, {@code relaymq.delivery.latency}.
 * Drops whose QoS is known are also counted in {@code relaymq.messages.dropped.qos{qos}}; {@link #totals()}
 * reads every counter at once for the historical statistics.
 */
@Component
public class MqttMetrics {

    private final MeterRegistry registry;
    private final AtomicInteger connections = new AtomicInteger();
    private final Counter opened;
    private final Counter throttled;
    private final Counter bytesIn;
    private final Counter bytesOut;
    private final Counter[] in = new Counter[3];
    private final Counter[] out = new Counter[3];
    private final Counter[] droppedByQos = new Counter[3];
    private final Timer produceLatency;
    private final Timer deliveryLatency;
    private final ConcurrentMap<String, Counter> rejected = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Counter> dropped = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Counter> quotaExceeded = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Counter> qos2Resends = new ConcurrentHashMap<>();

    public MqttMetrics(MeterRegistry registry) {
        this.registry = registry;
        registry.gauge("relaymq.connections.current", connections);
        opened = registry.counter("relaymq.connections.opened");
        throttled = registry.counter("relaymq.clients.throttled");
        bytesIn = registry.counter("relaymq.bytes.in");
        bytesOut = registry.counter("relaymq.bytes.out");
        for (int qos = 0; qos < 3; qos++) {
            in[qos] = registry.counter("relaymq.messages.in", "qos", Integer.toString(qos));
            out[qos] = registry.counter("relaymq.messages.out", "qos", Integer.toString(qos));
            droppedByQos[qos] = registry.counter("relaymq.messages.dropped.qos", "qos", Integer.toString(qos));
        }
        produceLatency = Timer.builder("relaymq.kafka.produce.latency")
                .description("PUBLISH received to Kafka ack")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        deliveryLatency = Timer.builder("relaymq.delivery.latency")
                .description("PUBLISH received to routed to subscriber")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
    }

    public void connectionOpened() {
        opened.increment();
        connections.incrementAndGet();
    }

    public void connectionClosed() {
        connections.decrementAndGet();
    }

    /** MQTT connections open on this node now (counted from TCP accept). */
    public int openConnections() {
        return connections.get();
    }

    /** A client went over its publish rate and is not read from for a moment. */
    public void throttled() {
        throttled.increment();
    }

    public void connectionRejected(String reason) {
        rejected.computeIfAbsent(reason, r -> registry.counter("relaymq.connections.rejected", "reason", r))
                .increment();
    }

    public void messageIn(int qos, int bytes) {
        in[qos].increment();
        bytesIn.increment(bytes);
    }

    public void messageOut(int qos, int payloadBytes) {
        out[qos].increment();
        bytesOut.increment(payloadBytes);
    }

    public void dropped(String reason, int count) {
        dropped.computeIfAbsent(reason, r -> registry.counter("relaymq.messages.dropped", "reason", r))
                .increment(count);
    }

    /** A drop of messages whose QoS is known: counted under {@code reason} and under {@code qos}. */
    public void dropped(String reason, int qos, int count) {
        dropped(reason, count);
        if (qos >= 0 && qos < droppedByQos.length) {
            droppedByQos[qos].increment(count);
        }
    }

    /** Everything counted since the node started (cumulative), read together. */
    public Totals totals() {
        double droppedAll = 0;
        for (Counter c : dropped.values()) {
            droppedAll += c.count();
        }
        return new Totals(
                counts(in),
                counts(out),
                (long) droppedAll,
                counts(droppedByQos),
                (long) bytesIn.count(),
                (long) bytesOut.count(),
                connections.get());
    }

    private static long[] counts(Counter[] byQos) {
        long[] counts = new long[byQos.length];
        for (int qos = 0; qos < byQos.length; qos++) {
            counts[qos] = (long) byQos[qos].count();
        }
        return counts;
    }

    /**
     * Cumulative counts since start, per QoS where the arrays have three entries, and the open connections.
     * {@code dropped} counts every drop; {@code droppedByQos} only the ones whose QoS was known.
     */
    public record Totals(
            long[] in, long[] out, long dropped, long[] droppedByQos, long bytesIn, long bytesOut, int connections) {}

    /**
     * A client hit a quota ({@code relaymq.quota.exceeded}, tag {@code quota}: subscriptions, retained_messages,
     * retained_bytes, queued_bytes).
     */
    public void quotaExceeded(String quota) {
        quotaExceeded
                .computeIfAbsent(quota, q -> registry.counter("relaymq.quota.exceeded", "quota", q))
                .increment();
    }

    /**
     * A QoS 2 PUBLISH sent again with a packet id whose message Kafka may or may not have
     * ({@code relaymq.qos2.resends}, tag {@code outcome}: recognised = Kafka had it, not forwarded again;
     * forwarded = Kafka did not have it; unknown = the lookup was given up, forwarded at least once).
     */
    public void qos2Resend(String outcome) {
        qos2Resends
                .computeIfAbsent(outcome, o -> registry.counter("relaymq.qos2.resends", "outcome", o))
                .increment();
    }

    public void produced(Duration latency) {
        produceLatency.record(latency);
    }

    public void routed(Duration sinceReceived) {
        deliveryLatency.record(sinceReceived);
    }
}
