package io.relaymq.broker.api.cluster;

import io.relaymq.broker.api.error.ApiConflictException;
import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.session.ClusterSessions;
import io.relaymq.broker.cluster.ListenerPorts;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsFilter;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import jakarta.validation.constraints.NotBlank;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The broker nodes: their ids, status and resources, this node's listeners and limits. */
@RestController
@RequestMapping("/api/app")
class NodeController {

    private final NodeRegistry nodes;
    private final ClusterSessions sessions;
    private final NodeProperties node;
    private final MqttSettings mqtt;
    private final ListenerPorts ports;
    private final AuthProviderRepository providers;
    private final CredentialsRepository credentials;
    private final Clock clock;

    NodeController(
            NodeRegistry nodes,
            ClusterSessions sessions,
            NodeProperties node,
            MqttSettings mqtt,
            ListenerPorts ports,
            AuthProviderRepository providers,
            CredentialsRepository credentials,
            Clock clock) {
        this.nodes = nodes;
        this.sessions = sessions;
        this.node = node;
        this.mqtt = mqtt;
        this.ports = ports;
        this.providers = providers;
        this.credentials = credentials;
        this.clock = clock;
    }

    @GetMapping("/brokers")
    List<String> brokers() throws Exception {
        return nodes.nodes().stream().map(NodeRegistry.NodeInfo::nodeId).toList();
    }

    /** Every registered node on one page, in TBMQ's shape with RelayMQ's session counts added. */
    @GetMapping("/service/info")
    PageData<ServiceInfo> services() throws Exception {
        long now = clock.millis();
        Map<String, long[]> counts = new HashMap<>();
        sessions.records().values().forEach(info -> {
            long[] c = counts.computeIfAbsent(info.ownerNode(), k -> new long[2]);
            c[0]++;
            c[1] += info.connected() ? 1 : 0;
        });
        List<ServiceInfo> services = nodes.nodes().stream()
                .map(n -> {
                    long[] c = counts.getOrDefault(n.nodeId(), new long[2]);
                    return ServiceInfo.of(n, n.isAliveAt(now, node.deadAfter()), c[0], c[1]);
                })
                .toList();
        return new PageData<>(services, 1, services.size(), false);
    }

    /**
     * TBMQ's call to drop a stopped node's entry. RelayMQ's nodes clean up after a node that stops sending
     * heartbeats and then forget it on their own, so there is never an entry to drop by hand: a registered
     * node is refused (409; removing it early would skip that clean-up), an unknown one is 404.
     */
    @DeleteMapping("/service/info")
    ResponseEntity<Void> forget(@RequestParam @NotBlank String serviceId) throws Exception {
        if (nodes.nodes().stream().noneMatch(n -> n.nodeId().equals(serviceId))) {
            throw new ApiNotFoundException("no node " + serviceId + " in the registry");
        }
        throw new ApiConflictException("node " + serviceId + " is registered; a node that stops sending heartbeats"
                + " is cleaned up after and removed by the cluster within "
                + node.deadAfter().toSeconds() + " s");
    }

    /**
     * The port of one of this node's listeners: {@code listenerName} MQTT, MQTTS, WS or WSS (any case); the
     * port it is bound to, or the configured one while it is not listening.
     */
    @GetMapping("/listener/port")
    int listenerPort(@RequestParam @NotBlank String listenerName) {
        return switch (listenerName.toUpperCase(Locale.ROOT)) {
            case "MQTT" -> port("tcp");
            case "MQTTS" -> port("tls");
            case "WS" -> port("ws");
            case "WSS" -> port("wss");
            default -> throw new IllegalArgumentException("listenerName must be MQTT, MQTTS, WS or WSS");
        };
    }

    private int port(String listener) {
        var l = mqtt.listeners();
        int configured = switch (listener) {
            case "tcp" -> l.tcp().port();
            case "tls" -> l.tls().port();
            case "ws" -> l.ws().port();
            default -> l.wss().port();
        };
        return ports.boundPorts().getOrDefault(listener, configured);
    }

    /** TBMQ's home-page settings, plus this node's id, its listeners and its limits. */
    @GetMapping("/config")
    BrokerConfig config() {
        var l = mqtt.listeners();
        Map<String, BrokerConfig.ListenerInfo> listeners = new LinkedHashMap<>();
        listeners.put(
                "tcp", new BrokerConfig.ListenerInfo(l.tcp().enabled(), l.tcp().port(), null));
        listeners.put(
                "tls", new BrokerConfig.ListenerInfo(l.tls().enabled(), l.tls().port(), null));
        listeners.put("ws", new BrokerConfig.ListenerInfo(l.ws().enabled(), l.ws().port(), l.ws().path()));
        listeners.put(
                "wss",
                new BrokerConfig.ListenerInfo(
                        l.wss().enabled(), l.wss().port(), l.wss().path()));
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("maxPacketSize", mqtt.maxPacketSize());
        limits.put("maxClientIdLength", mqtt.maxClientIdLength());
        limits.put("maxKeepAlive", mqtt.maxKeepAlive());
        limits.put("receiveMaximum", mqtt.receiveMaximum());
        limits.put("maxInflightOutbound", mqtt.maxInflightOutbound());
        limits.put("maxQueuedMessages", mqtt.maxQueuedMessages());
        limits.put("topicAliasMaximum", mqtt.topicAliasMaximum());
        limits.put("maxSessionExpirySeconds", mqtt.maxSessionExpiry().toSeconds());
        return BrokerConfig.of(
                nodes.self().value(),
                mqtt,
                enabled(AuthProviderType.MQTT_BASIC),
                enabled(AuthProviderType.X_509),
                exists(CredentialsType.MQTT_BASIC),
                exists(CredentialsType.SSL),
                listeners,
                limits);
    }

    private boolean enabled(AuthProviderType type) {
        return providers.find(type).map(AuthProviderRow::enabled).orElse(false);
    }

    private boolean exists(CredentialsType type) {
        return credentials.count(new CredentialsFilter(null, Set.of(), Set.of(type), null, null, null)) > 0;
    }
}
