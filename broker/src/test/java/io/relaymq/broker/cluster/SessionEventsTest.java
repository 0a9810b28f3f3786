package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.support.PreviousWireFormat;
import io.relaymq.broker.support.WireSamples;
import io.relaymq.broker.topic.TopicFilter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class SessionEventsTest {

    private static final SessionDetails DETAILS =
            new SessionDetails("APPLICATION", "10.0.0.7", "MQTT_5", true, 1_700_000_000_000L, 0);

    @Test
    void requestsAndDecisionsRoundTrip() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r-1", "node-b", 3600, DETAILS);
        assertThat(SessionEvents.ConnectRequest.decode(request.encode())).isEqualTo(request);
        SessionEvents.ConnectDecision decision =
                new SessionEvents.ConnectDecision("r-1", "node-a", true, 42, "APPLICATION");
        assertThat(SessionEvents.ConnectDecision.decode(decision.encode())).isEqualTo(decision);
        SessionEvents.ConnectDecision none = new SessionEvents.ConnectDecision("r-2", null, false, 0, null);
        assertThat(SessionEvents.ConnectDecision.decode(none.encode())).isEqualTo(none);
    }

    @Test
    void aDecisionReportsTheSessionAsItWasBefore() {
        SessionEvents.ConnectRequest request = new SessionEvents.ConnectRequest("r", "node-b", 0, DETAILS);
        assertThat(SessionEventDecider.decide(request, null, 1).previousOwner()).isNull();
        SessionEvents.ConnectDecision moved =
                SessionEventDecider.decide(request, new SessionInfo("node-a", true, 60, DETAILS), 7);
        assertThat(moved.previousOwner()).isEqualTo("node-a");
        assertThat(moved.previousPersistent()).isTrue();
        assertThat(moved.version()).isEqualTo(7);
        assertThat(moved.previousClientType()).isEqualTo("APPLICATION");
        assertThat(SessionEventDecider.decide(request, new SessionInfo("node-a", false, 0, DETAILS), 8)
                        .previousPersistent())
                .isFalse();
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
        SessionInfo info = new SessionInfo("node-x", true, 7200, DETAILS);
        assertThat(SessionInfo.decode(info.encode())).isEqualTo(info);
        SessionInfo gone = new SessionInfo("node-y", false, 0, DETAILS.withDisconnectedAt(1_700_000_100_000L));
        assertThat(SessionInfo.decode(gone.encode()).details().disconnectedAt()).isEqualTo(1_700_000_100_000L);
    }

    @Test
    void recordsWrittenBeforeDetailsExistedStillDecode() {
        byte[] owner = "node-old".getBytes(StandardCharsets.UTF_8);
        byte[] v1 = ByteBuffer.allocate(1 + 4 + owner.length + 1 + 8)
                .put((byte) 1)
                .putInt(owner.length)
                .put(owner)
                .put((byte) 1)
                .putLong(60)
                .array();
        assertThat(SessionInfo.decode(v1)).isEqualTo(new SessionInfo("node-old", true, 60, SessionDetails.UNKNOWN));
    }

    /** Versions 2 and 3 are the version 4 layout (see {@link PreviousWireFormat}) without its trailing fields. */
    @Test
    void recordsAndRequestsWrittenBeforePrincipalsExistedDecodeAsUnowned() {
        String principal = WireSamples.details().principal();
        byte[] v2 = PreviousWireFormat.of("session-info");
        v2[0] = 2;
        byte[] withoutPrincipal = Arrays.copyOf(v2, v2.length - 8 - 4 - principal.length());
        assertThat(SessionInfo.decode(withoutPrincipal).details().principal()).isEmpty();
        assertThat(SessionInfo.decode(withoutPrincipal).expirySeconds())
                .isEqualTo(WireSamples.sessionInfo().expirySeconds());

        byte[] v3 = PreviousWireFormat.of("connect-request");
        v3[0] = SessionEvents.VERSION_3;
        byte[] oldRequest = Arrays.copyOf(v3, v3.length - 4 - principal.length());
        assertThat(SessionEvents.ConnectRequest.decode(oldRequest).details().principal())
                .isEmpty();
        SessionEvents.ConnectDecision refused =
                new SessionEvents.ConnectDecision("r", "node-a", true, 9, "DEVICE", true);
        assertThat(SessionEvents.ConnectDecision.decode(refused.encode())).isEqualTo(refused);
        assertThat(SessionEvents.ConnectDecision.decode(refused.encode(SessionEvents.VERSION_4)))
                .isEqualTo(refused);
        assertThat(SessionEvents.ConnectDecision.decode(refused.encode(SessionEvents.VERSION_3))
                        .refused())
                .isFalse();
    }

    @Test
    void sessionCommandsRoundTrip() {
        var filter = TopicFilter.parse("a/+").orElseThrow();
        var subscription = new Subscription("c", filter, new SubscriptionOptions(1, true, false, 2, 9));
        for (SessionCommand command : List.of(
                SessionCommand.handOver(77),
                SessionCommand.of(SessionCommand.Kind.DISCONNECT),
                SessionCommand.of(SessionCommand.Kind.REMOVE),
                SessionCommand.setSubscriptions(List.of(subscription)))) {
            assertThat(SessionCommand.decode("c", command.encode())).isEqualTo(command);
        }
        Assertions.assertThatThrownBy(() -> SessionCommand.decode("c", new byte[] {'?'}))
                .hasMessageContaining("unknown session command");
    }
}
