package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.mqtt.ConnectReject;

/** The result of authentication: a grant, or a refusal with its reason code and a reason for the log. */
public record AuthOutcome(ClientGrant grant, ConnectReject reject, String reason) {

    public static AuthOutcome granted(ClientGrant grant) {
        return new AuthOutcome(grant, null, null);
    }

    public static AuthOutcome refused(ConnectReject reject, String reason) {
        return new AuthOutcome(null, reject, reason);
    }

    public boolean isGranted() {
        return grant != null;
    }
}
