package io.relaymq.localinfra.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortPlanTest {

    @TempDir
    Path work;

    @Test
    void wellKnownPortsAreUsedWhenAllAreFree() {
        assertThat(PortPlan.pick(3, 7000, true, p -> true, () -> 1)).containsExactly(7000, 7001, 7002);
    }

    @Test
    void anyFreePortsAreUsedWhenOneWellKnownPortIsTaken() {
        AtomicInteger next = new AtomicInteger(40000);
        List<Integer> ports = PortPlan.pick(3, 7000, true, p -> p != 7001, next::incrementAndGet);
        assertThat(ports).containsExactly(40001, 40002, 40003);
    }

    @Test
    void testStacksNeverAskForWellKnownPorts() {
        AtomicInteger next = new AtomicInteger(50000);
        assertThat(PortPlan.pick(2, 9092, false, p -> true, next::incrementAndGet))
                .containsExactly(50001, 50002);
    }

    @Test
    void duplicatePortsFromTheOsAreSkipped() {
        int[] answers = {41000, 41000, 41001};
        AtomicInteger i = new AtomicInteger();
        assertThat(PortPlan.pick(2, 1, false, p -> true, () -> answers[i.getAndIncrement()]))
                .containsExactly(41000, 41001);
    }

    @Test
    void portsTheOsMightHandToOutgoingConnectionsAreNeverChosen() throws Exception {
        int ephemeralStart = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .get(0)
                .trim()
                .split("\\s+")[0]);
        for (int i = 0; i < 20; i++) {
            PortPlan plan = PortPlan.choose(StackSettings.forTests(work));
            assertThat(plan.kafka()).allMatch(p -> p < ephemeralStart);
            assertThat(plan.redis()).allMatch(p -> p + PortPlan.REDIS_BUS_OFFSET < ephemeralStart);
            assertThat(plan.postgres()).isLessThan(ephemeralStart);
        }
    }

    @Test
    void noPortOfAPlanCollidesWithAnotherOrWithARedisBusPort() {
        for (int i = 0; i < 50; i++) {
            PortPlan plan = PortPlan.choose(
                    StackSettings.forTests(work).withKafkaNodes(3).withRedisReplicas(1));
            List<Integer> all = new ArrayList<>();
            all.addAll(plan.kafka());
            all.addAll(plan.kafkaControllers());
            all.add(plan.postgres());
            plan.redis().forEach(p -> {
                all.add(p);
                all.add(p + PortPlan.REDIS_BUS_OFFSET);
            });
            assertThat(all).doesNotHaveDuplicates().hasSize(3 + 3 + 1 + 12);
        }
    }

    @Test
    void aSavedPlanIsReusedByTheNextRun() {
        StackSettings settings = StackSettings.forTests(work);
        PortPlan first = PortPlan.forStack(settings);
        PortPlan second = PortPlan.forStack(settings);
        assertThat(second).isEqualTo(first);
        assertThat(first.redis()).hasSize(3).doesNotHaveDuplicates();
        assertThat(first.kafka()).hasSize(1);
    }

    @Test
    void aSavedPlanOfAnotherShapeIsRefusedWithAClearMessage() {
        PortPlan.forStack(StackSettings.forTests(work));
        assertThatThrownBy(() -> PortPlan.forStack(StackSettings.forTests(work).withKafkaNodes(3)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another stack shape");
    }
}
