package io.relaymq.perf.hivemq;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HiveMqCeMainTest {

    @Test
    void theConfigListensOnTheGivenPortWithUsageStatisticsOff() {
        String config = HiveMqCeMain.config(31883, "file");

        assertThat(config)
                .contains("<port>31883</port>", "<mode>file</mode>")
                .containsPattern("<anonymous-usage-statistics>\\s*<enabled>false</enabled>");
    }
}
