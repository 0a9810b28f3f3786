package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.cluster.SessionEventDecider;
import io.relaymq.broker.cluster.SessionEvents.ConnectDecision;
import io.relaymq.broker.cluster.SessionEvents.ConnectRequest;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.cluster.SessionOwnership;
import io.relaymq.common.client.ClientType;
import org.junit.jupiter.api.Test;

/**
 * Finding 3 of issue #18 at the deciding node: a session's principal decides who may continue it. By
 * default another principal is refused; MQTT_SESSION_TAKEOVER_BY_OTHER_PRINCIPAL=true (the shared test
 * node cannot run with it) lets it take over as before; a record without a principal is unowned.
 */
class SessionTakeoverSettingTest {

    private static final String OWNER = grant("owner").principal();
    private static final String OTHER = grant("other").principal();

    private static ClientGrant grant(String user) {
        return new ClientGrant(ClientType.DEVICE, "username|" + user, null, "MQTT_BASIC", AclRules.ALLOW_ALL);
    }

    private static SessionDetails details(String principal) {
        return new SessionDetails("DEVICE", "10.0.0.1", "MQTT_5", false, 1, 0, principal);
    }

    private static ConnectRequest request(String principal) {
        return new ConnectRequest("r", "node-b", 300, details(principal));
    }

    private static final SessionInfo OWNED = new SessionInfo("node-a", false, 300, details(OWNER));

    @Test
    void anotherPrincipalIsRefusedByDefault() {
        ConnectDecision decision = SessionEventDecider.decide(request(OTHER), OWNED, 5, SessionOwnership.STRICT);
        assertThat(decision.refused()).isTrue();
        assertThat(SessionEventDecider.decide(request(OWNER), OWNED, 6, SessionOwnership.STRICT)
                        .refused())
                .isFalse();
        // anonymous is a principal of its own
        assertThat(SessionEventDecider.decide(
                                request(ClientGrant.anonymous().principal()), OWNED, 7, SessionOwnership.STRICT)
                        .refused())
                .isTrue();
    }

    @Test
    void theOperatorSettingAllowsTakeoverAsBefore() {
        ConnectDecision decision = SessionEventDecider.decide(request(OTHER), OWNED, 5, new SessionOwnership(true));
        assertThat(decision.refused()).isFalse();
        assertThat(decision.previousOwner()).isEqualTo("node-a");
        assertThat(decision.previousPersistent()).isTrue();
    }

    @Test
    void aSessionRecordedWithoutAPrincipalIsUnowned() {
        SessionInfo old = new SessionInfo("node-a", false, 300, SessionDetails.UNKNOWN);
        assertThat(SessionEventDecider.decide(request(OTHER), old, 5, SessionOwnership.STRICT)
                        .refused())
                .isFalse();
        assertThat(SessionEventDecider.decide(request(OTHER), null, 5, SessionOwnership.STRICT)
                        .refused())
                .isFalse();
    }

    @Test
    void principalsTellCredentialsCertificatesAndTokensApart() {
        assertThat(OWNER).isEqualTo("MQTT_BASIC:username|owner").isNotEqualTo(OTHER);
        ClientGrant certA = new ClientGrant(ClientType.DEVICE, "ssl|ca", "device-a", "X_509", AclRules.ALLOW_ALL);
        ClientGrant certB = new ClientGrant(ClientType.DEVICE, "ssl|ca", "device-b", "X_509", AclRules.ALLOW_ALL);
        assertThat(certA.principal()).isNotEqualTo(certB.principal());
        ClientGrant token = new ClientGrant(ClientType.DEVICE, null, null, "JWT", "alice", AclRules.ALLOW_ALL);
        assertThat(token.principal()).isEqualTo("JWT:alice");
        ClientGrant huge =
                new ClientGrant(ClientType.DEVICE, null, null, "JWT", "s".repeat(100_000), AclRules.ALLOW_ALL);
        assertThat(huge.principal()).startsWith("JWT:sha256:").hasSizeLessThan(100);
    }
}
