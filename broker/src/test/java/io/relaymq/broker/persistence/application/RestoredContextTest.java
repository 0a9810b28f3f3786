package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.dao.appsession.ApplicationSessionCtx;
import io.relaymq.dao.appsession.ApplicationSessionCtx.Sent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a restored APPLICATION context says of each record ([MQTT-4.3.3-10]: a QoS 2 message goes again only with its
 * packet id): listed ones are resent with their id, unlisted ones below the sent mark were completed, the rest are
 * new; and the mark goes on with this node's own sending.
 */
class RestoredContextTest {

    private final RestoredContext restored = new RestoredContext();

    @Test
    void recordsBelowTheMarkThatTheContextDoesNotListWereCompleted() {
        restored.restore(new ApplicationSessionCtx("c", 1, List.of(new Sent(10, 7)), List.of(new Sent(12, 8)), 14));

        assertThat(restored.publish(10)).isEqualTo(7);
        assertThat(restored.completed(10)).isFalse();
        assertThat(restored.completed(11)).isTrue();
        assertThat(restored.completed(12)).isFalse();
        assertThat(restored.completed(13)).isTrue();
        assertThat(restored.completed(14)).as("never sent").isFalse();
        assertThat(restored.takePubrel(12)).isEqualTo(8);
        assertThat(restored.reserves(7)).isTrue();
        assertThat(restored.reserves(8)).isFalse();
    }

    @Test
    void aContextWithoutTheMarkTakesNothingForCompleted() {
        restored.restore(new ApplicationSessionCtx("c", 1, List.of(new Sent(10, 7)), List.of()));

        assertThat(restored.completed(3)).isFalse();
        assertThat(restored.completed(11)).isFalse();
    }

    @Test
    void theMarkToSaveFollowsWhatIsSentAndTheListsKeepWhatIsNotSeenAgain() {
        restored.restore(new ApplicationSessionCtx("c", 1, List.of(new Sent(10, 7), new Sent(11, 9)), List.of(), 12));
        restored.sent(10);
        restored.sent(20);

        List<Sent> publishes = new ArrayList<>();
        List<Sent> pubrels = new ArrayList<>();
        assertThat(restored.addTo(publishes, pubrels)).isEqualTo(21);
        assertThat(publishes).containsExactly(new Sent(11, 9));
        restored.clear();
        assertThat(restored.addTo(new ArrayList<>(), new ArrayList<>())).isEqualTo(-1);
    }
}
