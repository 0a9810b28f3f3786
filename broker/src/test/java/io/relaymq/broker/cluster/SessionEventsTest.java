package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SessionEventsTest {

    @Test
    void requestsAndDecisionsRoundTrip() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r-1", "node-b", 3600);
        assertThat(SessionEvents.ConnectRequest.decode(request.encode())).isEqualTo(request);
        SessionEvents.ConnectDecision decision = new SessionEvents.ConnectDecision("r-1", "node-a", true, 42);
        assertThat(SessionEvents.ConnectDecision.decode(decision.encode())).isEqualTo(decision);
        SessionEvents.ConnectDecision none = new SessionEvents.ConnectDecision("r-2", null, false, 0);
        assertThat(SessionEvents.ConnectDecision.decode(none.encode())).isEqualTo(none);
    }

    @Test
    void aDecisionReportsTheSessionAsItWasBefore() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r", "node-b", 0);
        assertThat(SessionEventDecider.decide(request, null, 1).previousOwner()).isNull();
        SessionEvents.ConnectDecision moved = SessionEventDecider.decide(request, new SessionInfo("node-a", true, 60), 7);
        assertThat(moved.previousOwner()).isEqualTo("node-a");
        assertThat(moved.previousPersistent()).isTrue();
        assertThat(moved.version()).isEqualTo(7);
        assertThat(SessionEventDecider.decide(request, new SessionInfo("node-a", false, 0), 8).previousPersistent()).isFalse();
    }

    @Test
    void onlyNewerTakeoversSupersedeACopy() {
        MovedSessions moved = new MovedSessions();
        assertThat(moved.isSuperseded("c", 5)).isFalse();
        moved.record("c", 9);
        moved.record("c", 3);
        assertThat(moved.isSuperseded("c", 5)).as("a newer owner exists").isTrue();
        assertThat(moved.isSuperseded("c", 9)).as("this copy is the newest").isFalse();
        assertThat(moved.isSuperseded("c", 12)).isFalse();
    }

    @Test
    void sessionRecordsRoundTrip() {
        SessionInfo info = new SessionInfo("node-x", true, 7200);
        assertThat(SessionInfo.decode(info.encode())).isEqualTo(info);
    }
}
