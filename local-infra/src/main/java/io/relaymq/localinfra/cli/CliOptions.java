package io.relaymq.localinfra.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Command-line options of the launcher.
 *
 * @param command       run (stack + one node), stack (stack only), node (one more node), help
 * @param workDir       data of every server and the stack's env file
 * @param nodeId        broker node id
 * @param portOffset    added to every broker port (1883, 8083, …), so several nodes fit on one machine
 * @param kafkaNodes    1 or 3
 * @param redisReplicas 0 or 1 replica per Redis master
 * @param bindAddress   address every listener of the node binds to: 127.0.0.1 (local only) unless --bind
 */
record CliOptions(
        String command,
        Path workDir,
        String nodeId,
        int portOffset,
        int kafkaNodes,
        int redisReplicas,
        String bindAddress) {

    static final String LOCAL_ONLY = "127.0.0.1";
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    static final String USAGE = """
            usage: ./relaymq [run|stack|node] [options]
              run     start Kafka, Redis Cluster, PostgreSQL and one broker node (default)
              stack   start only Kafka, Redis Cluster and PostgreSQL; print their settings as env exports
              node    start one more broker node against a running stack (another node id and ports)
            options:
              --work DIR            data folder (default ./.relaymq, env RELAYMQ_WORK)
              --node-id ID          broker node id (default node-1 for run, node-2 for node)
              --port-offset N       added to every broker port (default 0 for run, 10 for node)
              --kafka-nodes 1|3     Kafka KRaft nodes (default 1)
              --redis-replicas 0|1  one replica per Redis master (default 0)
              --bind ADDRESS        address the node's MQTT, WebSocket and HTTP listeners bind to (default
                                    127.0.0.1: local only; 0.0.0.0 opens the anonymous-MQTT, dev-password
                                    node to every machine that can reach this one)
            """;

    static CliOptions parse(List<String> args, Map<String, String> env) {
        String command = "run";
        int i = 0;
        if (!args.isEmpty() && !args.get(0).startsWith("--")) {
            command = args.get(0);
            i = 1;
        }
        if (!List.of("run", "stack", "node", "help").contains(command)) {
            throw new IllegalArgumentException("unknown command '" + command + "'");
        }
        boolean extraNode = "node".equals(command);
        Path work = Path.of(env.getOrDefault("RELAYMQ_WORK", ".relaymq"));
        String nodeId = extraNode ? "node-2" : "node-1";
        int offset = extraNode ? 10 : 0;
        int kafkaNodes = 1;
        int replicas = 0;
        String bind = LOCAL_ONLY;
        for (; i < args.size(); i++) {
            String option = args.get(i);
            if ("--help".equals(option) || "-h".equals(option)) {
                command = "help";
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("option " + option + " needs a value");
            }
            String value = args.get(++i);
            switch (option) {
                case "--work" -> work = Path.of(value);
                case "--node-id" -> nodeId = value;
                case "--port-offset" -> offset = number(option, value, 0, 1000);
                case "--kafka-nodes" -> kafkaNodes = number(option, value, 1, 3);
                case "--redis-replicas" -> replicas = number(option, value, 0, 1);
                case "--bind" -> bind = address(option, value);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (!nodeId.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("--node-id may hold letters, digits, '.', '_' and '-' (1-64 chars)");
        }
        return new CliOptions(command, work.toAbsolutePath().normalize(), nodeId, offset, kafkaNodes, replicas, bind);
    }

    /** An IPv4 or IPv6 address literal; a host name is refused (it could resolve to anything). */
    private static String address(String option, String value) {
        if (literal(value) == null) {
            throw new IllegalArgumentException(
                    option + " takes an IP address such as 127.0.0.1 or 0.0.0.0, not '" + value + "'");
        }
        return value;
    }

    /** The address an IPv4 or IPv6 literal names, or null for anything else; names are never looked up. */
    static InetAddress literal(String value) {
        Matcher v4 = IPV4.matcher(value);
        if (v4.matches()) {
            for (int g = 1; g <= 4; g++) {
                if (Integer.parseInt(v4.group(g)) > 255) {
                    return null;
                }
            }
        } else if (!IPV6.matcher(value).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(value); // a checked literal: parsed, not looked up
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static int number(String option, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                option + " takes a number from " + min + " to " + max + ", not '" + value + "'");
    }
}
