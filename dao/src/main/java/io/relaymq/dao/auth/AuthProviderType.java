package io.relaymq.dao.auth;

/** The MQTT authentication providers; each has one row in {@code mqtt_auth_provider}. */
public enum AuthProviderType {
    MQTT_BASIC,
    X_509,
    JWT,
    /** An external HTTP endpoint decides (added by schema version 6). */
    HTTP
}
