package io.relaymq.redis.lua;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.ScriptOutputType;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scripts keeping the QoS 2 packet ids a persistent session received ([MQTT-4.3.3-9]) on the real Redis
 * Cluster: a node that begins the session fences the ones before it, and no older generation can undo that.
 */
@ExtendWith(LocalStackExtension.class)
class Qos2ScriptsIT {

    private final DeviceSessionScripts scripts = DeviceSessionScripts.load();
    private final String key = "{qos2-" + UUID.randomUUID() + "}_qos2_received";
    private TestCluster cluster;

    @BeforeEach
    void connect(StackEndpoints stack) {
        cluster = new TestCluster(stack);
    }

    @AfterEach
    void close() {
        cluster.connection.sync().del(key);
        cluster.close();
    }

    private <T> T run(LuaScript script, ScriptOutputType type, String... args) throws Exception {
        return cluster.runner
                .<T>run(script, type, new String[] {key}, args)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private long receive(int packetId, long generation) throws Exception {
        return run(
                scripts.qos2Receive(),
                ScriptOutputType.INTEGER,
                Integer.toString(packetId),
                "7:1000:node-a",
                Long.toString(generation),
                "600");
    }

    private List<Object> begin(long generation, boolean clean) throws Exception {
        return run(scripts.qos2Begin(), ScriptOutputType.MULTI, Long.toString(generation), clean ? "1" : "0", "600");
    }

    @Test
    void aBegunGenerationStopsOlderOnesKeepingIdsAndReadsWhatTheyKept() throws Exception {
        assertThat(receive(3, 1)).isEqualTo(1);

        assertThat(begin(2, false)).containsExactly("1", "3", "7:1000:node-a");
        assertThat(receive(4, 1)).as("the old node, fenced").isZero();
        assertThat(receive(4, 2)).isEqualTo(1);
        assertThat(cluster.connection.sync().hkeys(key)).containsExactlyInAnyOrder("#g", "3", "4");
    }

    @Test
    void anOlderGenerationBeginningLateChangesNothing() throws Exception {
        begin(5, false);
        receive(3, 5);

        assertThat(begin(4, true)).as("superseded").containsExactly("0");
        assertThat(cluster.connection.sync().hget(key, "3")).isEqualTo("7:1000:node-a");
        assertThat(cluster.connection.sync().hget(key, "#g")).isEqualTo("5");
    }

    @Test
    void aCleanStartForgetsTheIdsButKeepsItsFence() throws Exception {
        receive(3, 1);

        assertThat(begin(2, true)).containsExactly("1");
        assertThat(receive(9, 1)).isZero();
        assertThat(cluster.connection.sync().hkeys(key)).containsExactly("#g");
    }

    @Test
    void aSettleDropsTheKeeperOnlyFromIdsStillHoldingItsTokens() throws Exception {
        receive(3, 1);
        cluster.connection.sync().hset(key, "4", "8:1000:node-a");
        cluster.connection.sync().hset(key, "5", "9:1000:node-b");

        assertThat((Long) run(scripts.qos2Settle(), ScriptOutputType.INTEGER, "node-a", "3", "7", "4", "99", "5", "9"))
                .isEqualTo(1);
        assertThat(cluster.connection.sync().hget(key, "3")).isEqualTo("7:1000:");
        assertThat(cluster.connection.sync().hget(key, "4"))
                .as("kept anew since")
                .isEqualTo("8:1000:node-a");
        assertThat(cluster.connection.sync().hget(key, "5"))
                .as("another keeper")
                .isEqualTo("9:1000:node-b");
    }

    @Test
    void onlyTheNewestGenerationForgetsTheIds() throws Exception {
        begin(2, false);
        receive(3, 2);

        assertThat((Long) run(scripts.qos2Forget(), ScriptOutputType.INTEGER, "1"))
                .isZero();
        assertThat(cluster.connection.sync().exists(key)).isEqualTo(1);
        assertThat((Long) run(scripts.qos2Forget(), ScriptOutputType.INTEGER, "2"))
                .isEqualTo(1);
        assertThat(cluster.connection.sync().exists(key)).isZero();
    }
}
