package io.relaymq.broker.api.cluster;

import io.relaymq.broker.cluster.NodeRegistry;

/**
 * One broker node in TBMQ's shape ({@code serviceId} … {@code status}) followed by RelayMQ's own fields.
 * {@code status} is ACTIVE while the node's heartbeat is fresh, INACTIVE after; {@code memoryUsage} and
 * {@code totalMemory} are about the JVM heap; disk figures are not collected (null).
 */
record ServiceInfo(
        String serviceId,
        String serviceType,
        long lastUpdateTime,
        Long cpuUsage,
        long cpuCount,
        Long memoryUsage,
        long totalMemory,
        Long diskUsage,
        Long totalDiskSpace,
        String status,
        long startedAt,
        String mqttPorts,
        double cpuPercent,
        long heapUsedBytes,
        long heapMaxBytes,
        long sessions,
        long connectedSessions) {

    static ServiceInfo of(NodeRegistry.NodeInfo n, boolean alive, long sessions, long connected) {
        return new ServiceInfo(
                n.nodeId(),
                "TBMQ",
                n.lastSeenMillis(),
                n.cpuPercent() < 0 ? null : Math.round(n.cpuPercent()),
                n.cpuCount(),
                n.heapMaxBytes() <= 0 ? null : Math.round(100.0 * n.heapUsedBytes() / n.heapMaxBytes()),
                n.heapMaxBytes(),
                null,
                null,
                alive ? "ACTIVE" : "INACTIVE",
                n.startedMillis(),
                n.mqttPorts(),
                n.cpuPercent(),
                n.heapUsedBytes(),
                n.heapMaxBytes(),
                sessions,
                connected);
    }
}
