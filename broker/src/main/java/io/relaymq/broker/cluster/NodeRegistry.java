package io.relaymq.broker.cluster;

import com.sun.management.OperatingSystemMXBean;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.redis.RedisConnection;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Announces this node in the Redis hash {@code relaymq:nodes} (field = node id, value =
 * {@code lastSeenMillis;startedMillis;mqtt ports}) and refreshes it on a heartbeat, so operators and the
 * other nodes can list the cluster with each node's last-seen time. The field is removed on shutdown; a
 * node that crashed is recognisable by its stale last-seen time. Every answer or failure of Redis is
 * reported to the {@link NodeLiveness} that judges the other nodes, and a failed heartbeat is retried
 * promptly (after {@link #RETRY}) rather than a whole heartbeat period later, so that after a Redis outage
 * this node is visible again as soon as Redis is.
 */
public final class NodeRegistry implements SmartLifecycle {

    public static final String KEY = "relaymq:nodes";
    static final Duration RETRY = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(NodeRegistry.class);

    private final RedisConnection<String, String> redis;
    private final NodeId nodeId;
    private final ListenerPorts mqtt;
    private final Duration heartbeat;
    private final Clock clock;
    private final NodeLiveness liveness;
    private final long startedMillis;
    private ScheduledExecutorService timer;
    private final AtomicBoolean retryPending = new AtomicBoolean();
    private volatile boolean running;

    public NodeRegistry(
            RedisConnection<String, String> redis,
            NodeId nodeId,
            ListenerPorts mqtt,
            Duration heartbeat,
            Duration deadAfter,
            Clock clock) {
        this.redis = redis;
        this.nodeId = nodeId;
        this.mqtt = mqtt;
        this.heartbeat = heartbeat;
        this.clock = clock;
        this.liveness = new NodeLiveness(clock, deadAfter);
        this.startedMillis = clock.millis();
    }

    /**
     * One registered node as read from the hash, with its resource usage at its last heartbeat
     * ({@code cpuPercent} -1 when the JVM cannot tell).
     */
    public record NodeInfo(
            String nodeId,
            long lastSeenMillis,
            long startedMillis,
            String mqttPorts,
            double cpuPercent,
            int cpuCount,
            long heapUsedBytes,
            long heapMaxBytes) {

        /** Whether the node's last heartbeat is at most {@code deadAfter} old at {@code nowMillis}. */
        public boolean isAliveAt(long nowMillis, Duration deadAfter) {
            return nowMillis - lastSeenMillis <= deadAfter.toMillis();
        }

        static NodeInfo parse(String nodeId, String value) {
            String[] parts = value.split(";");
            String ports = parts.length > 2 ? parts[2] : "";
            if (parts.length < 7) {
                return new NodeInfo(nodeId, Long.parseLong(parts[0]), Long.parseLong(parts[1]), ports, -1, 0, 0, 0);
            }
            return new NodeInfo(
                    nodeId,
                    Long.parseLong(parts[0]),
                    Long.parseLong(parts[1]),
                    ports,
                    Double.parseDouble(parts[3]),
                    Integer.parseInt(parts[4]),
                    Long.parseLong(parts[5]),
                    Long.parseLong(parts[6]));
        }
    }

    @Override
    public void start() {
        beat();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "node-heartbeat");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::beat, heartbeat.toMillis(), heartbeat.toMillis(), TimeUnit.MILLISECONDS);
        running = true;
    }

    private void beat() {
        String value = clock.millis() + ";" + startedMillis + ";" + mqtt.boundPorts() + ";" + usage();
        redis.async().hset(KEY, nodeId.value(), value).whenComplete((ok, error) -> {
            if (error == null) {
                liveness.storeAnswered();
                return;
            }
            liveness.storeFailed();
            log.warn("node heartbeat to Redis failed, retrying in {}: {}", RETRY, error.getMessage());
            ScheduledExecutorService retries = timer;
            if (running
                    && retries != null
                    && RETRY.compareTo(heartbeat) < 0
                    && retryPending.compareAndSet(false, true)) {
                try {
                    retries.schedule(
                            () -> {
                                retryPending.set(false);
                                beat();
                            },
                            RETRY.toMillis(),
                            TimeUnit.MILLISECONDS);
                } catch (RejectedExecutionException stopping) {
                    retryPending.set(false);
                }
            }
        });
    }

    private static String usage() {
        double cpu = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            double load = os.getProcessCpuLoad();
            cpu = load < 0 ? -1 : Math.round(load * 1000) / 10.0;
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return cpu + ";" + Runtime.getRuntime().availableProcessors() + ";" + heap.getUsed() + ";" + heap.getMax();
    }

    /** Every node in the registry, with its last-seen time. */
    public List<NodeInfo> nodes() throws Exception {
        Map<String, String> all;
        try {
            all = redis.async().hgetall(KEY).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            liveness.storeFailed();
            throw e;
        }
        liveness.storeAnswered();
        Map<String, String> sorted = new LinkedHashMap<>();
        all.keySet().stream().sorted().forEach(k -> sorted.put(k, all.get(k)));
        return sorted.entrySet().stream()
                .map(e -> NodeInfo.parse(e.getKey(), e.getValue()))
                .toList();
    }

    /** Removes a node that is gone from the registry. */
    public void forget(String deadNode) throws Exception {
        redis.async().hdel(KEY, deadNode).get(5, TimeUnit.SECONDS);
    }

    /** The judge of the other nodes' heartbeats, fed with every answer and failure of Redis. */
    public NodeLiveness liveness() {
        return liveness;
    }

    public NodeId self() {
        return nodeId;
    }

    @Override
    public void stop() {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
        try {
            redis.async().hdel(KEY, nodeId.value()).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            log.warn("could not remove node {} from {}: {}", nodeId, KEY, e.getMessage());
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** After the MQTT listeners (200): a registered node is one that serves clients. */
    @Override
    public int getPhase() {
        return 300;
    }
}
