package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SessionEventsTest {

    @Test
    void requestsAndDecisionsRoundTrip() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r-1", "node-b", 3600);
        assertThat(SessionEvents.ConnectRequest.decode(request.encode())).isEqualTo(request);
        SessionEvents.ConnectDecision decision = new SessionEvents.ConnectDecision("r-1", "node-a", true);
        assertThat(SessionEvents.ConnectDecision.decode(decision.encode())).isEqualTo(decision);
        SessionEvents.ConnectDecision none = new SessionEvents.ConnectDecision("r-2", null, false);
        assertThat(SessionEvents.ConnectDecision.decode(none.encode())).isEqualTo(none);
    }

    @Test
    void aDecisionReportsTheSessionAsItWasBefore() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r", "node-b", 0);
        assertThat(SessionEventDecider.decide(request, null).previousOwner()).isNull();
        SessionEvents.ConnectDecision moved = SessionEventDecider.decide(request, new SessionInfo("node-a", true, 60));
        assertThat(moved.previousOwner()).isEqualTo("node-a");
        assertThat(moved.previousPersistent()).isTrue();
        assertThat(SessionEventDecider.decide(request, new SessionInfo("node-a", false, 0)).previousPersistent()).isFalse();
    }

    @Test
    void sessionRecordsRoundTrip() {
        SessionInfo info = new SessionInfo("node-x", true, 7200);
        assertThat(SessionInfo.decode(info.encode())).isEqualTo(info);
    }
}
