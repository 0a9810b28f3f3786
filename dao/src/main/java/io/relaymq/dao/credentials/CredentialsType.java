package io.relaymq.dao.credentials;

/** How an MQTT client proves who it is: user name / client id / password, or a client certificate. */
public enum CredentialsType {
    MQTT_BASIC,
    X_509
}
