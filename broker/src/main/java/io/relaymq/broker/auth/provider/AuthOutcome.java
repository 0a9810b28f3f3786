package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.mqtt.ConnectReject;

/**
 * The result of authentication: a grant, or a refusal with its reason code and a reason for the log.
 *
 * @param authenticationData what a granted enhanced authentication sends back in CONNACK's Authentication
 *                           Data (SCRAM: the server-final-message); null otherwise
 */
public record AuthOutcome(ClientGrant grant, ConnectReject reject, String reason, byte[] authenticationData) {

    public static AuthOutcome granted(ClientGrant grant) {
        return new AuthOutcome(grant, null, null, null);
    }

    /** A grant after enhanced authentication, with the data for the client's CONNACK. */
    public static AuthOutcome granted(ClientGrant grant, byte[] authenticationData) {
        return new AuthOutcome(grant, null, null, authenticationData);
    }

    public static AuthOutcome refused(ConnectReject reject, String reason) {
        return new AuthOutcome(null, reject, reason, null);
    }

    public boolean isGranted() {
        return grant != null;
    }
}
