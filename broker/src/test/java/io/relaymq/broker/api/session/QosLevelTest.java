package io.relaymq.broker.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A subscription QoS read from TBMQ's names or from a number, and nothing else. */
class QosLevelTest {

    @Test
    void namesAndWholeNumbersFromZeroToTwo() {
        assertThat(QosLevel.parse("AT_LEAST_ONCE")).isEqualTo(QosLevel.AT_LEAST_ONCE);
        assertThat(QosLevel.parse("exactly_once")).isEqualTo(QosLevel.EXACTLY_ONCE);
        assertThat(QosLevel.parse(0)).isEqualTo(QosLevel.AT_MOST_ONCE);
        assertThat(QosLevel.parse(2L)).isEqualTo(QosLevel.EXACTLY_ONCE);
        assertThat(QosLevel.parse("1")).isEqualTo(QosLevel.AT_LEAST_ONCE);
        assertThat(QosLevel.EXACTLY_ONCE.value()).isEqualTo(2);
    }

    @Test
    void fractionsOutOfRangeNumbersAndOtherWordsAreRefused() {
        for (Object bad : new Object[] {1.9, 3, -1, 4_294_967_297L, "ONCE", "12"}) {
            assertThatThrownBy(() -> QosLevel.parse(bad))
                    .as(String.valueOf(bad))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
