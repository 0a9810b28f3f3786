package io.relaymq.broker.auth.provider;

import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;

/**
 * What the HTTP endpoint decided about one client: allowed (with client type and rules, placeholders not yet
 * expanded), denied (with the refusal's reason code), or not known to it (the next provider is asked).
 */
public record HttpAuthAnswer(
        Result result, ClientType clientType, AuthRules rules, ConnectReject reject, String reason, String principal) {

    public enum Result {
        ALLOW,
        DENY,
        IGNORE
    }

    /** {@code principal}: who the endpoint says the client is (session ownership), or null when it did not say. */
    static HttpAuthAnswer allow(ClientType clientType, AuthRules rules, String principal) {
        return new HttpAuthAnswer(Result.ALLOW, clientType, rules, null, null, principal);
    }

    static HttpAuthAnswer deny(ConnectReject reject, String reason) {
        return new HttpAuthAnswer(Result.DENY, null, null, reject, reason, null);
    }

    static HttpAuthAnswer ignore() {
        return new HttpAuthAnswer(Result.IGNORE, null, null, null, null, null);
    }
}
