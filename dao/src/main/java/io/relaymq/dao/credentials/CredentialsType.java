package io.relaymq.dao.credentials;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * How an MQTT client proves who it is: user name / client id / password, a client certificate
 * ({@code SSL}, TBMQ's name; the earlier name {@code X_509} is still read), or a SCRAM exchange (MQTT 5.0
 * enhanced authentication; added by schema version 7).
 */
public enum CredentialsType {
    MQTT_BASIC,
    @JsonAlias("X_509")
    SSL,
    SCRAM
}
