package io.relaymq.broker.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The keys of the historical statistics, spelled as the API and the tables spell them. Counters hold what
 * happened in one interval; node gauges the value on the node at the interval's end; cluster gauges a value
 * every node sees alike (the cluster total takes their largest value instead of the sum).
 */
public enum StatsKey {
    INCOMING_MSGS("incomingMsgs", Kind.COUNTER),
    INCOMING_MSGS_QOS0("incomingMsgsQos0", Kind.COUNTER),
    INCOMING_MSGS_QOS1("incomingMsgsQos1", Kind.COUNTER),
    INCOMING_MSGS_QOS2("incomingMsgsQos2", Kind.COUNTER),
    OUTGOING_MSGS("outgoingMsgs", Kind.COUNTER),
    OUTGOING_MSGS_QOS0("outgoingMsgsQos0", Kind.COUNTER),
    OUTGOING_MSGS_QOS1("outgoingMsgsQos1", Kind.COUNTER),
    OUTGOING_MSGS_QOS2("outgoingMsgsQos2", Kind.COUNTER),
    DROPPED_MSGS("droppedMsgs", Kind.COUNTER),
    DROPPED_MSGS_QOS0("droppedMsgsQos0", Kind.COUNTER),
    DROPPED_MSGS_QOS1("droppedMsgsQos1", Kind.COUNTER),
    DROPPED_MSGS_QOS2("droppedMsgsQos2", Kind.COUNTER),
    INBOUND_PAYLOAD_TRAFFIC("inboundPayloadTraffic", Kind.COUNTER),
    OUTBOUND_PAYLOAD_TRAFFIC("outboundPayloadTraffic", Kind.COUNTER),
    CONNECTIONS("connections", Kind.NODE_GAUGE),
    SESSIONS("sessions", Kind.NODE_GAUGE),
    SUBSCRIPTIONS("subscriptions", Kind.NODE_GAUGE),
    RETAINED_MSGS("retainedMsgs", Kind.CLUSTER_GAUGE),
    KAFKA_LAG("kafkaLag", Kind.CLUSTER_GAUGE);

    /** How a key's values are taken and added up. */
    public enum Kind {
        COUNTER,
        NODE_GAUGE,
        CLUSTER_GAUGE
    }

    private static final Map<String, StatsKey> BY_NAME =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(StatsKey::key, Function.identity()));

    private final String key;
    private final Kind kind;

    StatsKey(String key, Kind kind) {
        this.key = key;
        this.kind = kind;
    }

    public String key() {
        return key;
    }

    public Kind kind() {
        return kind;
    }

    public static Optional<StatsKey> byKey(String key) {
        return Optional.ofNullable(BY_NAME.get(key));
    }

    /** The names of the keys the cluster total takes the largest node value of. */
    public static String[] clusterWide() {
        return Arrays.stream(values())
                .filter(k -> k.kind == Kind.CLUSTER_GAUGE)
                .map(StatsKey::key)
                .toArray(String[]::new);
    }

    public static List<StatsKey> all() {
        return List.of(values());
    }
}
