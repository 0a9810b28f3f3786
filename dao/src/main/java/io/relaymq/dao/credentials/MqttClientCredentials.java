package io.relaymq.dao.credentials;

import io.relaymq.common.client.ClientType;
import java.util.UUID;

/**
 * One row of {@code mqtt_client_credentials}.
 *
 * @param credentialsId    lookup key derived from the value (see {@link CredentialsIds})
 * @param credentialsValue JSON of {@link BasicCredentials} or {@link SslCredentials}
 * @param additionalInfo   a JSON object the user keeps with them (TBMQ's {@code additionalInfo}), or null
 */
public record MqttClientCredentials(
        UUID id,
        long createdTime,
        String name,
        ClientType clientType,
        CredentialsType credentialsType,
        String credentialsId,
        String credentialsValue,
        String additionalInfo) {

    /** Credentials without additional info. */
    public MqttClientCredentials(
            UUID id,
            long createdTime,
            String name,
            ClientType clientType,
            CredentialsType credentialsType,
            String credentialsId,
            String credentialsValue) {
        this(id, createdTime, name, clientType, credentialsType, credentialsId, credentialsValue, null);
    }
}
