package io.relaymq.broker.stats;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * Reads what the node measures now: the counters as totals since start (the sampler turns them into
 * per-interval counts), the gauges as they are. Sessions and subscriptions are those of the sessions this
 * node holds; retained messages the cluster's, as replicated to every node; Kafka lag the records the
 * cluster's own consumer groups (relaymq-msg-all, relaymq-msg-persisted) have not consumed yet, as this node
 * last read them from Kafka ({@code relaymq.kafka.consumer.lag}, every 30 s).
 */
public final class NodeStatsReader {

    static final String KAFKA_LAG_GAUGE = "relaymq.kafka.consumer.lag";

    private final MqttMetrics metrics;
    private final SessionRegistry sessions;
    private final RetainedMessages retained;
    private final MeterRegistry meters;

    public NodeStatsReader(
            MqttMetrics metrics, SessionRegistry sessions, RetainedMessages retained, MeterRegistry meters) {
        this.metrics = metrics;
        this.sessions = sessions;
        this.retained = retained;
        this.meters = meters;
    }

    public Map<StatsKey, Long> read() {
        Map<StatsKey, Long> values = new EnumMap<>(StatsKey.class);
        MqttMetrics.Totals totals = metrics.totals();
        byQos(values, totals.in(), StatsKey.INCOMING_MSGS);
        byQos(values, totals.out(), StatsKey.OUTGOING_MSGS);
        byQos(values, totals.droppedByQos(), StatsKey.DROPPED_MSGS);
        values.put(StatsKey.DROPPED_MSGS, totals.dropped());
        values.put(StatsKey.INBOUND_PAYLOAD_TRAFFIC, totals.bytesIn());
        values.put(StatsKey.OUTBOUND_PAYLOAD_TRAFFIC, totals.bytesOut());
        values.put(StatsKey.CONNECTIONS, (long) totals.connections());
        long held = 0;
        long subscriptions = 0;
        for (ClientSession session : sessions.all()) {
            held++;
            subscriptions += session.subscriptionCount();
        }
        values.put(StatsKey.SESSIONS, held);
        values.put(StatsKey.SUBSCRIPTIONS, subscriptions);
        values.put(StatsKey.RETAINED_MSGS, (long) retained.size());
        values.put(StatsKey.KAFKA_LAG, kafkaLag());
        return values;
    }

    /** {@code all} and its three QoS keys, which follow it in {@link StatsKey}. */
    private static void byQos(Map<StatsKey, Long> values, long[] counts, StatsKey all) {
        long sum = 0;
        for (int qos = 0; qos < 3; qos++) {
            values.put(StatsKey.values()[all.ordinal() + 1 + qos], counts[qos]);
            sum += counts[qos];
        }
        values.put(all, sum);
    }

    private long kafkaLag() {
        double lag = 0;
        for (Gauge gauge : meters.find(KAFKA_LAG_GAUGE).gauges()) {
            double value = gauge.value();
            if (Double.isFinite(value)) {
                lag += value;
            }
        }
        return (long) lag;
    }
}
