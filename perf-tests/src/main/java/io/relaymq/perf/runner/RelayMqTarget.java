package io.relaymq.perf.runner;

import io.relaymq.localinfra.stack.ExternalServers;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackSettings;
import io.relaymq.perf.scenario.ServerProbe;
import io.relaymq.perf.support.BrokerNode;
import io.relaymq.perf.support.ProcCpu;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The local stack (1 Kafka node, 3 Redis masters, PostgreSQL; durable settings as {@code ./relaymq run}
 * uses them) and 1..N RelayMQ nodes from {@code broker/target/relaymq-broker.jar}, on MQTT ports 21883+i.
 */
final class RelayMqTarget implements Target {

    static final int MQTT_PORT = 21883;
    static final int HTTP_PORT = 28083;
    static final String ADMIN_EMAIL = "sysadmin@relaymq.io";
    static final String ADMIN_PASSWORD = "benchmark";

    private final LocalStack stack;
    private final List<BrokerNode> nodes;
    private final Path work;

    private RelayMqTarget(LocalStack stack, List<BrokerNode> nodes, Path work) {
        this.stack = stack;
        this.nodes = nodes;
        this.work = work;
    }

    static RelayMqTarget start(int nodeCount, boolean anonymous, String heap, Map<String, String> extraEnv, Path work)
            throws Exception {
        LocalStack stack = LocalStack.create(StackSettings.forRun(work.resolve("stack")), ExternalServers.none())
                .start();
        List<BrokerNode> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < nodeCount; i++) {
                Map<String, String> env = new HashMap<>(stack.endpoints().brokerEnvironment());
                env.put("RELAYMQ_NODE_ID", "bench-" + (i + 1));
                env.put("MQTT_AUTH_ALLOW_ANONYMOUS", Boolean.toString(anonymous));
                // fan-in subscribers are APPLICATION clients when they connect anonymously
                env.put("MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS", ".*-app-[0-9]+");
                env.put("ADMIN_EMAIL", ADMIN_EMAIL);
                env.put("ADMIN_PASSWORD", ADMIN_PASSWORD);
                // benchmarks measure the broker, not its protection against connection and password floods
                env.put("MQTT_CONNECT_RATE", "0");
                env.put("MQTT_MAX_CONNECTIONS", "0");
                env.put("MQTT_AUTH_QUEUE_SIZE", "100000");
                env.put("MQTT_AUTH_HASH_QUEUE_SIZE", "100000");
                env.put("MQTT_AUTH_HASH_QUEUE_PER_ADDRESS", "100000");
                env.put("MQTT_AUTH_BACKOFF_FAILURES_PER_ADDRESS", "0");
                env.put("MQTT_AUTH_BACKOFF_FAILURES_PER_CREDENTIALS", "0");
                env.putAll(extraEnv);
                nodes.add(BrokerNode.start(
                        env, MQTT_PORT + i, HTTP_PORT + i, heap, work.resolve("broker-" + (i + 1) + ".log")));
            }
            for (BrokerNode node : nodes) {
                node.awaitReady(Duration.ofMinutes(3));
            }
        } catch (Exception e) {
            nodes.forEach(BrokerNode::close);
            stack.close();
            throw e;
        }
        return new RelayMqTarget(stack, nodes, work);
    }

    @Override
    public String name() {
        return nodes.size() == 1 ? "relaymq" : "relaymq-" + nodes.size() + "-nodes";
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public List<Integer> ports() {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            ports.add(MQTT_PORT + i);
        }
        return ports;
    }

    String adminUrl() {
        return "http://127.0.0.1:" + HTTP_PORT;
    }

    @Override
    public ServerProbe probe() {
        String postgres = work.resolve("stack").toAbsolutePath() + "/postgres";
        Map<String, Supplier<Collection<Long>>> parts = new LinkedHashMap<>();
        parts.put("broker", () -> nodes.stream().map(BrokerNode::pid).toList());
        parts.put("kafka", () -> {
            List<Long> pids = new ArrayList<>();
            stack.kafka().ifPresent(k -> {
                for (int i = 0; i < stack.settings().kafkaNodes(); i++) {
                    pids.add(k.pid(i));
                }
            });
            return pids;
        });
        parts.put(
                "redis",
                () -> stack.redis().map(r -> (Collection<Long>) r.pids()).orElse(List.of()));
        parts.put("postgres", () -> ProcCpu.matching(postgres));
        return new ServerProcesses(parts);
    }

    /** Only the broker JVMs: memory per connection is theirs, not the stack's. */
    ServerProbe brokersOnly() {
        return new ServerProcesses(
                Map.of("broker", () -> nodes.stream().map(BrokerNode::pid).toList()));
    }

    @Override
    public void close() {
        nodes.forEach(BrokerNode::close);
        stack.close();
    }
}
