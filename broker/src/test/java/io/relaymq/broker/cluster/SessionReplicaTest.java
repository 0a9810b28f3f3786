package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.common.client.ClientType;
import org.junit.jupiter.api.Test;

/** What a disconnect records about the session, whether or not the deciding node's record has arrived. */
class SessionReplicaTest {

    @Test
    void aDisconnectBeforeTheDecidersRecordArrivedKeepsTheSessionsOwnKindAndOwner() {
        SessionDetails recorded =
                SessionReplica.disconnectDetails(null, ClientType.APPLICATION, "basic:backend", "4b7d5c1e", 5_000);

        assertThat(recorded.clientType()).isEqualTo("APPLICATION");
        assertThat(recorded.principal()).isEqualTo("basic:backend");
        assertThat(recorded.sessionId()).isEqualTo("4b7d5c1e");
        assertThat(recorded.disconnectedAt()).isEqualTo(5_000);
    }

    @Test
    void aDisconnectOfAKnownSessionKeepsItsRecordedDetails() {
        SessionDetails connected = new SessionDetails(
                "APPLICATION", "10.0.0.7", "MQTT_5", false, 1_000, 0, "basic:backend", 30, "4b7d5c1e");
        SessionInfo known = new SessionInfo("node-a", true, 300, connected, 7);

        SessionDetails recorded = SessionReplica.disconnectDetails(known, ClientType.DEVICE, "", "other", 5_000);

        assertThat(recorded).isEqualTo(connected.withDisconnectedAt(5_000));
    }
}
