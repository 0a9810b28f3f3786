package io.relaymq.broker.api.cluster;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.api.session.ClusterSessions;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.node.NodeProperties;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The cluster: broker nodes with status and resource usage, Kafka brokers, topics and consumer groups, config. */
@RestController
@RequestMapping("/api/app")
class AppController {

    /** One broker node: ONLINE while its heartbeat is fresh, with its resources at the last heartbeat. */
    record ServiceInfo(
            String serviceId,
            String status,
            long lastSeen,
            long startedAt,
            String mqttPorts,
            double cpuPercent,
            int cpuCount,
            long heapUsedBytes,
            long heapMaxBytes,
            long sessions,
            long connectedSessions) {}

    record ListenerInfo(boolean enabled, int port) {}

    record BrokerConfig(String nodeId, Map<String, ListenerInfo> listeners, Map<String, Object> limits) {}

    private static final Map<String, Comparator<KafkaOverview.KafkaTopic>> TOPIC_SORTS = Map.of(
            "name", Comparator.comparing(KafkaOverview.KafkaTopic::name),
            "partitions", Comparator.comparingInt(KafkaOverview.KafkaTopic::partitions),
            "replicationFactor", Comparator.comparingInt(KafkaOverview.KafkaTopic::replicationFactor));

    private static final Map<String, Comparator<KafkaOverview.ConsumerGroup>> GROUP_SORTS = Map.of(
            "groupId", Comparator.comparing(KafkaOverview.ConsumerGroup::groupId),
            "state", Comparator.comparing(KafkaOverview.ConsumerGroup::state),
            "members", Comparator.comparingInt(KafkaOverview.ConsumerGroup::members),
            "lag", Comparator.comparingLong(KafkaOverview.ConsumerGroup::lag));

    private final KafkaOverview kafka;
    private final NodeRegistry nodes;
    private final ClusterSessions sessions;
    private final NodeProperties node;
    private final MqttSettings mqtt;
    private final Clock clock;

    AppController(
            KafkaOverview kafka,
            NodeRegistry nodes,
            ClusterSessions sessions,
            NodeProperties node,
            MqttSettings mqtt,
            Clock clock) {
        this.kafka = kafka;
        this.nodes = nodes;
        this.sessions = sessions;
        this.node = node;
        this.mqtt = mqtt;
        this.clock = clock;
    }

    @GetMapping({"/cluster-info", "/v2/cluster-info"})
    List<KafkaOverview.KafkaBroker> clusterInfo() {
        return kafka.brokers();
    }

    @GetMapping(value = "/kafka-topics", params = "!pageSize")
    List<KafkaOverview.KafkaTopic> topics() {
        return kafka.topics();
    }

    @GetMapping(
            value = {"/kafka-topics", "/v2/kafka-topics"},
            params = {"pageSize", "page"})
    PageData<KafkaOverview.KafkaTopic> topicPage(@Valid PageQuery query) {
        return PageData.ofAll(kafka.topics(), query, KafkaOverview.KafkaTopic::name, TOPIC_SORTS, "name");
    }

    @GetMapping(value = "/consumer-groups", params = "!pageSize")
    List<KafkaOverview.ConsumerGroup> groups() {
        return kafka.consumerGroups();
    }

    @GetMapping(
            value = {"/consumer-groups", "/v2/consumer-groups"},
            params = {"pageSize", "page"})
    PageData<KafkaOverview.ConsumerGroup> groupPage(@Valid PageQuery query) {
        return PageData.ofAll(
                kafka.consumerGroups(), query, KafkaOverview.ConsumerGroup::groupId, GROUP_SORTS, "groupId");
    }

    @DeleteMapping("/consumer-group")
    ResponseEntity<Void> deleteGroup(@RequestParam @NotBlank String groupId) {
        kafka.deleteConsumerGroup(groupId);
        return ResponseEntity.ok().build();
    }

    @GetMapping("/brokers")
    List<String> brokers() throws Exception {
        return nodes.nodes().stream().map(NodeRegistry.NodeInfo::nodeId).toList();
    }

    @GetMapping("/service/info")
    List<ServiceInfo> services() throws Exception {
        long now = clock.millis();
        Map<String, long[]> counts = new HashMap<>();
        sessions.records().values().forEach(info -> {
            long[] c = counts.computeIfAbsent(info.ownerNode(), k -> new long[2]);
            c[0]++;
            c[1] += info.connected() ? 1 : 0;
        });
        return nodes.nodes().stream()
                .map(n -> {
                    long[] c = counts.getOrDefault(n.nodeId(), new long[2]);
                    return new ServiceInfo(
                            n.nodeId(),
                            n.isAliveAt(now, node.deadAfter()) ? "ONLINE" : "OFFLINE",
                            n.lastSeenMillis(),
                            n.startedMillis(),
                            n.mqttPorts(),
                            n.cpuPercent(),
                            n.cpuCount(),
                            n.heapUsedBytes(),
                            n.heapMaxBytes(),
                            c[0],
                            c[1]);
                })
                .toList();
    }

    @GetMapping("/config")
    BrokerConfig config() {
        Map<String, ListenerInfo> listeners = new LinkedHashMap<>();
        var l = mqtt.listeners();
        listeners.put("tcp", new ListenerInfo(l.tcp().enabled(), l.tcp().port()));
        listeners.put("tls", new ListenerInfo(l.tls().enabled(), l.tls().port()));
        listeners.put("ws", new ListenerInfo(l.ws().enabled(), l.ws().port()));
        listeners.put("wss", new ListenerInfo(l.wss().enabled(), l.wss().port()));
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("maxPacketSize", mqtt.maxPacketSize());
        limits.put("maxClientIdLength", mqtt.maxClientIdLength());
        limits.put("maxKeepAlive", mqtt.maxKeepAlive());
        limits.put("receiveMaximum", mqtt.receiveMaximum());
        limits.put("maxInflightOutbound", mqtt.maxInflightOutbound());
        limits.put("maxQueuedMessages", mqtt.maxQueuedMessages());
        limits.put("topicAliasMaximum", mqtt.topicAliasMaximum());
        limits.put("maxSessionExpirySeconds", mqtt.maxSessionExpiry().toSeconds());
        return new BrokerConfig(nodes.self().value(), listeners, limits);
    }
}
