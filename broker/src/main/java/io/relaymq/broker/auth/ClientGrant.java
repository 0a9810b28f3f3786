package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.common.client.ClientType;

/**
 * What one authenticated connection is: its client type, the credentials it matched (null for anonymous
 * and JWT clients), the certificate CN its rules were expanded with, and its current rules. The rules
 * are replaced in place when the credentials change, so a connected client needs no reconnect.
 */
public final class ClientGrant {

    private final ClientType clientType;
    private final String credentialsId;
    private final String certificateCn;
    private final String method;
    private volatile AclRules rules;

    public ClientGrant(ClientType clientType, String credentialsId, String certificateCn, String method, AclRules rules) {
        this.clientType = clientType;
        this.credentialsId = credentialsId;
        this.certificateCn = certificateCn;
        this.method = method;
        this.rules = rules;
    }

    public static ClientGrant anonymous() {
        return anonymous(ClientType.DEVICE);
    }

    public static ClientGrant anonymous(ClientType clientType) {
        return new ClientGrant(clientType, null, null, "anonymous", AclRules.ALLOW_ALL);
    }

    public ClientType clientType() {
        return clientType;
    }

    public String credentialsId() {
        return credentialsId;
    }

    public String certificateCn() {
        return certificateCn;
    }

    /** How the client authenticated: anonymous, MQTT_BASIC, X_509 or JWT. */
    public String method() {
        return method;
    }

    public AclRules rules() {
        return rules;
    }

    public void update(AclRules newRules) {
        this.rules = newRules;
    }

    public boolean mayPublish(String topic) {
        return rules.mayPublish(topic);
    }

    public boolean maySubscribe(String filter) {
        return rules.maySubscribe(filter);
    }
}
