package io.relaymq.localinfra.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedisClusterFormationTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 7})
    void everySlotIsAssignedToExactlyOneMaster(int masters) {
        BitSet seen = new BitSet(RedisClusterFormation.SLOTS);
        int total = 0;
        for (int m = 0; m < masters; m++) {
            for (int slot : RedisClusterFormation.slotRange(m, masters)) {
                assertThat(seen.get(slot)).as("slot %d assigned twice", slot).isFalse();
                seen.set(slot);
                total++;
            }
        }
        assertThat(total).isEqualTo(RedisClusterFormation.SLOTS);
        assertThat(seen.cardinality()).isEqualTo(RedisClusterFormation.SLOTS);
    }

    @Test
    void clusterInfoFieldsAreRead() {
        String info = "cluster_state:ok\r\ncluster_slots_assigned:16384\r\ncluster_known_nodes:6\r\n";
        assertThat(RedisClusterFormation.field(info, "cluster_state")).isEqualTo("ok");
        assertThat(RedisClusterFormation.field(info, "cluster_known_nodes")).isEqualTo("6");
        assertThat(RedisClusterFormation.field(info, "missing")).isEmpty();
    }

    @Test
    void redisVersionIsParsedFromVersionOutput() {
        assertThat(RedisBinary.parseVersion("Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64"))
                .hasValueSatisfying(v -> assertThat(v).containsExactly(7, 0, 15));
        assertThat(RedisBinary.parseVersion("garbage")).isEmpty();
    }
}
