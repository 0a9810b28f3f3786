package io.relaymq.redis.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Lua scripts on the real 3-master Redis Cluster started by local-infra. */
@ExtendWith(LocalStackExtension.class)
class ScriptRunnerIT {

    private final LuaScript pairSet = LuaScript.load("test_pair_set");
    private TestCluster cluster;
    private StatefulRedisClusterConnection<String, String> connection;
    private ScriptRunner<String, String> runner;

    @BeforeEach
    void connect(StackEndpoints stack) {
        cluster = new TestCluster(stack);
        connection = cluster.connection;
        runner = cluster.runner;
    }

    @AfterEach
    void close() {
        cluster.close();
    }

    @Test
    void scriptOverKeysWithOneHashTagRunsOnTheCluster() throws Exception {
        Long existing = runner.<Long>run(
                        pairSet, ScriptOutputType.INTEGER, new String[] {"{device-1}_a", "{device-1}_b"}, "v")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(existing).isEqualTo(2L);
        assertThat(connection.sync().get("{device-1}_b")).isEqualTo("v");
    }

    @Test
    void scriptOverKeysInDifferentSlotsFailsWithCrossSlot() {
        assertThat(connection.sync().clusterKeyslot("device-1_a"))
                .isNotEqualTo(connection.sync().clusterKeyslot("device-2_b"));
        assertThatThrownBy(() -> runner.<Long>run(
                                pairSet, ScriptOutputType.INTEGER, new String[] {"device-1_a", "device-2_b"}, "v")
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RedisCommandExecutionException.class)
                .hasMessageContaining("CROSSSLOT");
        assertThat(connection.sync().exists("device-1_a")).isZero();
    }

    @Test
    void scriptForgottenByTheServerIsSentAgain() throws Exception {
        connection.sync().scriptFlush();
        assertThat(connection.sync().scriptExists(pairSet.sha1())).containsOnly(false);

        Long existing = runner.<Long>run(
                        pairSet, ScriptOutputType.INTEGER, new String[] {"{device-9}_a", "{device-9}_b"}, "w")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);

        assertThat(existing).isEqualTo(2L);
        String node = connection
                .getPartitions()
                .getPartitionBySlot(
                        connection.sync().clusterKeyslot("{device-9}_a").intValue())
                .getNodeId();
        assertThat(connection.getConnection(node).sync().scriptExists(pairSet.sha1()))
                .containsExactly(true);
    }
}
