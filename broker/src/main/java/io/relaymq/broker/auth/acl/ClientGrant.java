package io.relaymq.broker.auth.acl;

import io.relaymq.common.client.ClientType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What one authenticated connection is: its client type, the credentials it matched (null for anonymous,
 * JWT and HTTP clients), the JWT subject, the certificate CN, the placeholder values its rules were
 * expanded with, and its current rules. The rules are replaced in place when the credentials change, so a connected client needs no
 * reconnect.
 */
public final class ClientGrant {

    private static final int MAX_PRINCIPAL_LENGTH = 512;

    private final ClientType clientType;
    private final String credentialsId;
    private final String certificateCn;
    private final String method;
    private final String subject;
    private final PlaceholderValues values;
    private volatile AclRules rules;

    public ClientGrant(
            ClientType clientType, String credentialsId, String certificateCn, String method, AclRules rules) {
        this(clientType, credentialsId, certificateCn, method, null, rules);
    }

    /** @param subject who a token-authenticated client is (JWT: its subject, else its user name); null otherwise */
    public ClientGrant(
            ClientType clientType,
            String credentialsId,
            String certificateCn,
            String method,
            String subject,
            AclRules rules) {
        this(
                clientType,
                credentialsId,
                certificateCn,
                method,
                subject,
                new PlaceholderValues(null, null, certificateCn),
                rules);
    }

    /**
     * @param certificateCn the client certificate CN its X.509 credentials matched (part of its principal); null
     *                      for other methods, even when the client presented a certificate
     * @param subject       who a token-authenticated client is (JWT: its subject, else its user name); null
     *                      otherwise
     * @param values        the client's placeholder values, to expand rules that change while it is connected
     */
    public ClientGrant(
            ClientType clientType,
            String credentialsId,
            String certificateCn,
            String method,
            String subject,
            PlaceholderValues values,
            AclRules rules) {
        this.subject = subject;
        this.values = values;
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

    /** What the placeholders of this client's rules stand for (also for rules changed while it is connected). */
    public PlaceholderValues placeholderValues() {
        return values;
    }

    /** How the client authenticated: anonymous, MQTT_BASIC, X_509, JWT or HTTP. */
    public String method() {
        return method;
    }

    /**
     * Who the client is, for session ownership: {@code <method>:<credentials id>} for credentials
     * (basic; X.509 adds {@code |cn=<client CN>}), {@code JWT:<subject>} for tokens (the user name when
     * the token has no subject), {@code HTTP:user:<user name>} ({@code HTTP:client-id:<client id>} without a user name) for clients the HTTP
     * endpoint admitted, {@code
     * anonymous} for anonymous clients (all of them one principal).
     */
    public String principal() {
        if (credentialsId != null) {
            // one X.509 credentials entry can admit many certificates (by CA): each client CN is its own principal
            return bounded(method + ":" + credentialsId + (certificateCn == null ? "" : "|cn=" + certificateCn));
        }
        if ("anonymous".equals(method)) {
            return method;
        }
        return bounded(method + ":" + (subject == null ? "" : subject));
    }

    /** A principal is recorded with every session: a long one (a token's subject can be large) is recorded by its hash. */
    private String bounded(String principal) {
        if (principal.length() <= MAX_PRINCIPAL_LENGTH) {
            return principal;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(principal.getBytes(StandardCharsets.UTF_8));
            return method + ":sha256:" + HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing", e);
        }
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

    /** {@code filter} as the client sent it: a shared subscription's rule must match {@code $share/<group>/<filter>}. */
    public boolean maySubscribe(String filter) {
        return rules.maySubscribe(filter);
    }
}
