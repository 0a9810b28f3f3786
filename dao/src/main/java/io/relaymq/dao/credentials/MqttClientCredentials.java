package io.relaymq.dao.credentials;

import io.relaymq.common.client.ClientType;
import java.util.UUID;

/**
 * One row of {@code mqtt_client_credentials}.
 *
 * @param credentialsId    lookup key derived from the value (see {@link CredentialsIds})
 * @param credentialsValue JSON of {@link BasicCredentials} or {@link SslCredentials}
 */
public record MqttClientCredentials(
        UUID id,
        long createdTime,
        String name,
        ClientType clientType,
        CredentialsType credentialsType,
        String credentialsId,
        String credentialsValue) {}
