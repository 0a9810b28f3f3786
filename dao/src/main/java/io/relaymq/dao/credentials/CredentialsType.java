package io.relaymq.dao.credentials;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * How an MQTT client proves who it is: user name / client id / password, or a client certificate
 * ({@code SSL}, TBMQ's name; the earlier name {@code X_509} is still read).
 */
public enum CredentialsType {
    MQTT_BASIC,
    @JsonAlias("X_509")
    SSL
}
