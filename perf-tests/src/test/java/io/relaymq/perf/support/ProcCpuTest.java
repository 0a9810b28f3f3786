package io.relaymq.perf.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcCpuTest {

    @Test
    void cpuTicksAreReadAfterTheCommandNameEvenWhenItHoldsSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 1500 250 0 0 20 0 40 0 123 0 0";

        assertThat(ProcCpu.ticksOf(stat)).isEqualTo(1750);
    }

    @Test
    void residentMemoryComesFromVmRss() {
        assertThat(ProcCpu.rssOf("Name:\tjava\nVmPeak:\t 9000 kB\nVmRSS:\t  123456 kB\nThreads:\t40\n"))
                .isEqualTo(123456L * 1024);
        assertThat(ProcCpu.rssOf("Name:\tkthreadd\n")).isZero();
    }

    @Test
    void thisProcessIsVisible() {
        long self = ProcessHandle.current().pid();

        assertThat(ProcCpu.rssBytes(List.of(self))).isPositive();
        assertThat(ProcCpu.seconds(List.of(self))).isPositive();
        assertThat(ProcCpu.seconds(List.of(Long.MAX_VALUE))).isZero();
    }
}
