package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InFlightCountsTest {

    private record Sent(String node, String clientId, SessionCommand command) {}

    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final InFlightCounts.Sender recording = (node, clientId, command) -> {
        sent.add(new Sent(node, clientId, command));
        return CompletableFuture.completedFuture(null);
    };
    private final InFlightCounts counts = new InFlightCounts(new SessionRegistry(), new NodeId("node-a"));

    @AfterEach
    void stop() {
        counts.destroy();
    }

    @Test
    void aQueryGoesToTheOwnerAndItsAnswerCompletesTheCount() throws Exception {
        CompletableFuture<Integer> count = counts.ask("node-b", "c1", recording);

        assertThat(sent).hasSize(1);
        Sent query = sent.get(0);
        assertThat(query.node()).isEqualTo("node-b");
        assertThat(query.clientId()).isEqualTo("c1");
        assertThat(query.command().kind()).isEqualTo(SessionCommand.Kind.IN_FLIGHT_QUERY);
        assertThat(query.command().inFlight().replyNode()).isEqualTo("node-a");

        // the answer as it arrives on this node's command topic
        SessionCommand answer = SessionCommand.decode(
                "c1",
                SessionCommand.inFlightAnswer(query.command().inFlight().requestId(), 7)
                        .encode());
        counts.answered("c1", answer.inFlight());

        assertThat(count.get(1, TimeUnit.SECONDS)).isEqualTo(7);
        assertThat(counts.outstanding()).isZero();
    }

    @Test
    void anAnswerForAnotherRequestLeavesTheQueryOpen() {
        CompletableFuture<Integer> count = counts.ask("node-b", "c1", recording);

        counts.answered("c1", SessionCommand.inFlightAnswer("not-asked", 9).inFlight());

        assertThat(count).isNotDone();
        assertThat(counts.outstanding()).isEqualTo(1);
    }

    @Test
    void aQueryThatCannotBeSentGivesNull() throws Exception {
        InFlightCounts.Sender failing =
                (node, clientId, command) -> CompletableFuture.failedFuture(new IllegalStateException("no Kafka"));

        assertThat(counts.ask("node-b", "c1", failing).get(1, TimeUnit.SECONDS)).isNull();
        assertThat(counts.outstanding()).isZero();
    }

    @Test
    void beyondTheCapAQueryIsNotSentAndGivesNullAtOnce() throws Exception {
        for (int i = 0; i < InFlightCounts.MAX_OUTSTANDING; i++) {
            counts.ask("node-b", "c" + i, recording);
        }

        CompletableFuture<Integer> over = counts.ask("node-b", "one-more", recording);

        assertThat(over.get(1, TimeUnit.SECONDS)).isNull();
        assertThat(sent).hasSize(InFlightCounts.MAX_OUTSTANDING);
    }

    @Test
    void aQueryForASessionThisNodeDoesNotHoldIsAnsweredWithoutACount() {
        counts.query("absent", SessionCommand.inFlightQuery("r1", "node-b").inFlight(), recording);

        await().atMost(Duration.ofSeconds(5)).until(() -> sent.size() == 1);
        Sent answer = sent.get(0);
        assertThat(answer.node()).isEqualTo("node-b");
        assertThat(answer.command().kind()).isEqualTo(SessionCommand.Kind.IN_FLIGHT_ANSWER);
        assertThat(answer.command().inFlight().requestId()).isEqualTo("r1");
        assertThat(answer.command().inFlight().count()).isNull();
    }

    @Test
    void aQueryWithAnInvalidReplyNodeIsNotAnswered() {
        counts.query(
                "absent", SessionCommand.inFlightQuery("r1", "../not a node").inFlight(), recording);
        counts.query("absent", SessionCommand.inFlightQuery("r2", "node-b").inFlight(), recording);

        // answers go out in order on one thread: once r2's is out, r1's would have been too
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(sent).extracting(s -> s.command().inFlight().requestId()).containsExactly("r2");
    }
}
