package io.relaymq.dao.auth;

/** The MQTT authentication providers; each has one row in {@code mqtt_auth_provider}. */
public enum AuthProviderType {
    MQTT_BASIC,
    X_509,
    JWT,
    /** An external HTTP endpoint decides (added by schema version 6). */
    HTTP,
    /**
     * SCRAM-SHA-256/512 enhanced authentication (added by schema version 7). A client chooses it with the
     * CONNECT's Authentication Method, so it has no place in the order the other providers are asked in.
     */
    SCRAM;

    /** Whether this provider is asked in the configured order (every type but {@link #SCRAM}). */
    public boolean isOrdered() {
        return this != SCRAM;
    }
}
