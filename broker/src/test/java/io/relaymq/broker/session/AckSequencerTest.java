package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** [MQTT-4.6.0-2]: acknowledgements leave in arrival order whatever order Kafka confirms in. */
class AckSequencerTest {

    private final List<String> sent = new ArrayList<>();
    private final AckSequencer sequencer = new AckSequencer();

    private AckSequencer.Pending slot(String name) {
        return sequencer.register(ok -> sent.add(name + (ok ? "" : "!")));
    }

    @Test
    void laterConfirmationsWaitForEarlierOnes() {
        AckSequencer.Pending a = slot("a");
        AckSequencer.Pending b = slot("b");
        AckSequencer.Pending c = slot("c");
        sequencer.complete(c, true);
        sequencer.complete(b, true);
        assertThat(sent).isEmpty();
        assertThat(sequencer.size()).isEqualTo(3);
        sequencer.complete(a, true);
        assertThat(sent).containsExactly("a", "b", "c");
        assertThat(sequencer.size()).isZero();
    }

    @Test
    void failuresKeepTheirPlaceInTheOrder() {
        AckSequencer.Pending a = slot("a");
        AckSequencer.Pending b = slot("b");
        sequencer.complete(b, false);
        sequencer.complete(a, true);
        assertThat(sent).containsExactly("a", "b!");
    }
}
