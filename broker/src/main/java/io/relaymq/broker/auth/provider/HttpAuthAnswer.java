package io.relaymq.broker.auth.provider;

import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;

/**
 * What the HTTP endpoint decided about one client: allowed (with client type and rules, placeholders not yet
 * expanded), denied (with the refusal's reason code), or not known to it (the next provider is asked).
 */
public record HttpAuthAnswer(
        Result result, ClientType clientType, AuthRules rules, ConnectReject reject, String reason) {

    public enum Result {
        ALLOW,
        DENY,
        IGNORE
    }

    static HttpAuthAnswer allow(ClientType clientType, AuthRules rules) {
        return new HttpAuthAnswer(Result.ALLOW, clientType, rules, null, null);
    }

    static HttpAuthAnswer deny(ConnectReject reject, String reason) {
        return new HttpAuthAnswer(Result.DENY, null, null, reject, reason);
    }

    static HttpAuthAnswer ignore() {
        return new HttpAuthAnswer(Result.IGNORE, null, null, null, null);
    }
}
