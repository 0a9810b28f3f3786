package io.relaymq.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void messagesAreSpreadEvenlyOverThePublishers() {
        Pacer pacer = new Pacer(4, 2.0);
        List<String> sent = new ArrayList<>();

        pacer.issue(1_000_000_000L, (p, seq) -> sent.add(p + ":" + seq));

        assertThat(sent).containsExactly("0:0", "1:0", "2:0", "3:0", "0:1", "1:1", "2:1", "3:1");
    }

    @Test
    void onlyWhatIsDueIsIssuedAndNothingTwice() {
        Pacer pacer = new Pacer(1000, 1.0);
        List<Integer> publishers = new ArrayList<>();

        pacer.issue(10_000_000L, (p, seq) -> publishers.add(p));
        pacer.issue(10_000_000L, (p, seq) -> publishers.add(p));
        pacer.issue(20_500_000L, (p, seq) -> publishers.add(p));

        assertThat(publishers).hasSize(20).startsWith(0, 1, 2).endsWith(19);
        assertThat(pacer.issued()).isEqualTo(20);
        assertThat(pacer.dueBy(60_000_000_000L)).isEqualTo(60_000);
    }

    @Test
    void aPacerNeedsPublishersAndARate() {
        assertThatThrownBy(() -> new Pacer(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Pacer(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
