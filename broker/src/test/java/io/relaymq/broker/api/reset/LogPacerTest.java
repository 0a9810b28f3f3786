package io.relaymq.broker.api.reset;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogPacerTest {

    @Test
    void onceUntilTheIntervalHasPassed() {
        LogPacer pacer = new LogPacer(60_000);

        assertThat(pacer.due(1_000)).isTrue();
        assertThat(pacer.due(1_001)).isFalse();
        assertThat(pacer.due(60_999)).isFalse();
        assertThat(pacer.due(61_000)).isTrue();
        assertThat(pacer.due(61_000)).isFalse();
    }
}
