package io.relaymq.localinfra.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.relaymq.localinfra.process.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Forms a Redis Cluster with plain cluster commands (no redis-cli): each master takes an equal share
 * of the 16384 slots and its own config epoch, the first node MEETs the others, replicas REPLICATE
 * their master, then every node must report {@code cluster_state:ok}.
 */
final class RedisClusterFormation {

    static final int SLOTS = 16384;

    private RedisClusterFormation() {}

    static void form(List<RedisNodeSpec> nodes, Duration timeout, Supplier<String> diagnostics) {
        RedisClient client = RedisClient.create();
        List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();
        try {
            for (RedisNodeSpec node : nodes) {
                connections.add(client.connect(RedisURI.create("127.0.0.1", node.port())));
            }
            List<RedisNodeSpec> masters =
                    nodes.stream().filter(RedisNodeSpec::isMaster).toList();
            for (int m = 0; m < masters.size(); m++) {
                RedisCommands<String, String> cmd =
                        connections.get(nodes.indexOf(masters.get(m))).sync();
                cmd.clusterSetConfigEpoch(m + 1L);
                cmd.clusterAddSlots(slotRange(m, masters.size()));
            }
            RedisCommands<String, String> first = connections.get(0).sync();
            for (RedisNodeSpec node : nodes.subList(1, nodes.size())) {
                first.clusterMeet("127.0.0.1", node.port());
            }
            Await.until(
                    "Redis nodes meeting",
                    timeout,
                    () -> connections.stream().allMatch(c -> knownNodes(c.sync()) == nodes.size()),
                    diagnostics);
            for (int i = 0; i < nodes.size(); i++) {
                RedisNodeSpec node = nodes.get(i);
                if (!node.isMaster()) {
                    String masterId = connections.get(node.replicaOf()).sync().clusterMyId();
                    connections.get(i).sync().clusterReplicate(masterId);
                }
            }
        } finally {
            connections.forEach(StatefulRedisConnection::close);
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        }
    }

    /** The slots of master {@code index} of {@code masters}: contiguous, the remainder to the last. */
    static int[] slotRange(int index, int masters) {
        int share = SLOTS / masters;
        int start = index * share;
        int end = index == masters - 1 ? SLOTS - 1 : start + share - 1;
        return IntStream.rangeClosed(start, end).toArray();
    }

    static int knownNodes(RedisCommands<String, String> cmd) {
        return Integer.parseInt(field(cmd.clusterInfo(), "cluster_known_nodes"));
    }

    static String field(String clusterInfo, String name) {
        for (String line : clusterInfo.split("\r?\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return "";
    }
}
