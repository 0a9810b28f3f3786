package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.common.client.ClientType;
import org.junit.jupiter.api.Test;

/**
 * Every node keeps a decoded record of every session of the cluster: the few values of its low-cardinality fields
 * (owner node, client type, protocol version) are shared by all records instead of one copy each per session.
 */
class SessionInfoSharingTest {

    private static SessionInfo decoded(String owner, String type, String version) {
        SessionDetails details =
                new SessionDetails(type, "10.0.0." + owner.length(), version, false, 1, 0, "basic:u", 60, "s-1");
        return SessionInfo.decode(new SessionInfo(owner, true, 3600, details, 7).encode());
    }

    @Test
    void recordsOfManySessionsShareTheirNodeTypeAndVersionStrings() {
        SessionInfo first = decoded("node-7", "APPLICATION", "MQTT_5");
        SessionInfo second = decoded("node-7", "APPLICATION", "MQTT_5");

        assertThat(first.ownerNode()).isEqualTo("node-7").isSameAs(second.ownerNode());
        assertThat(first.details().clientType()).isSameAs(ClientType.APPLICATION.name());
        assertThat(first.details().protocolVersion())
                .isEqualTo("MQTT_5")
                .isSameAs(second.details().protocolVersion());
    }

    @Test
    void theRestOfARecordSurvivesAsItWasWritten() {
        SessionInfo info = decoded("node-1", "DEVICE", "MQTT_3_1_1");

        assertThat(info.connected()).isTrue();
        assertThat(info.expirySeconds()).isEqualTo(3600);
        assertThat(info.generation()).isEqualTo(7);
        assertThat(info.details().clientIp()).isEqualTo("10.0.0.6");
        assertThat(info.details().principal()).isEqualTo("basic:u");
        assertThat(info.details().sessionId()).isEqualTo("s-1");
        assertThat(info.details().keepAliveSeconds()).isEqualTo(60);
    }

    @Test
    void anUnknownTypeOrVersionIsKeptAsItIs() {
        SessionInfo info = decoded("node-1", "GATEWAY", "MQTT_9");

        assertThat(info.details().clientType()).isEqualTo("GATEWAY");
        assertThat(info.details().protocolVersion()).isEqualTo("MQTT_9");
    }
}
