package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.Settings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the runner starts and where it writes, beside the scenario's own settings.
 *
 * @param targets       brokers to run the scenario against, in order: relaymq, mosquitto, hivemq, external
 * @param nodes         RelayMQ nodes to start (clients are spread over them)
 * @param relayMqAuth   start RelayMQ with anonymous access off and provision credentials through its admin API
 * @param brokerHeap    maximum heap of the RelayMQ and HiveMQ JVMs
 * @param serverPids    process ids of the external broker, for its CPU and memory
 * @param externalName  name of the external broker in reports
 * @param adminUrl      admin API of an external RelayMQ to provision credentials on (empty: none)
 * @param adminUser     its admin user
 * @param adminPassword its admin password
 * @param reportDir     where reports go
 * @param relayMqEnv    extra environment of the RelayMQ nodes, {@code KEY=VALUE;KEY=VALUE} (tuning experiments)
 */
record RunnerOptions(
        List<String> targets,
        int nodes,
        boolean relayMqAuth,
        String brokerHeap,
        List<Long> serverPids,
        String externalName,
        String adminUrl,
        String adminUser,
        String adminPassword,
        Path reportDir,
        Map<String, String> relayMqEnv) {

    static final Set<String> KEYS = Set.of(
            "targets",
            "nodes",
            "relaymq-auth",
            "broker-heap",
            "server-pids",
            "external-name",
            "admin-url",
            "admin-user",
            "admin-password",
            "report-dir",
            "relaymq-env");

    private static final Set<String> TARGETS = Set.of("relaymq", "mosquitto", "hivemq", "external");

    RunnerOptions {
        targets = List.copyOf(targets);
        serverPids = List.copyOf(serverPids);
        relayMqEnv = Map.copyOf(relayMqEnv);
        if (targets.isEmpty() || !TARGETS.containsAll(targets)) {
            throw new IllegalArgumentException("targets are a comma list of " + TARGETS + ": " + targets);
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1: " + nodes);
        }
        if (!brokerHeap.matches("[0-9]+[mMgG]")) {
            throw new IllegalArgumentException("broker-heap is a JVM size such as 1g or 768m: " + brokerHeap);
        }
    }

    static RunnerOptions from(Settings s) {
        String pids = s.string("server-pids", "");
        return new RunnerOptions(
                List.of(s.string("targets", "relaymq").split(",")).stream()
                        .map(String::trim)
                        .toList(),
                s.integer("nodes", 1),
                s.flag("relaymq-auth", false),
                s.string("broker-heap", "1g"),
                pids.isBlank()
                        ? List.of()
                        : List.of(pids.split(",")).stream()
                                .map(String::trim)
                                .map(Long::parseLong)
                                .toList(),
                s.string("external-name", "external"),
                s.string("admin-url", ""),
                s.string("admin-user", "sysadmin@relaymq.io"),
                s.string("admin-password", ""),
                Path.of(s.string("report-dir", "perf-tests/target/bench")),
                environment(s.string("relaymq-env", "")));
    }

    static Map<String, String> environment(String spec) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String pair : spec.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("relaymq-env is KEY=VALUE;KEY=VALUE: " + pair);
            }
            env.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return env;
    }
}
