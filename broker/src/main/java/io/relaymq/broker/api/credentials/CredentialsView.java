package io.relaymq.broker.api.credentials;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Credentials as the API shows them (TBMQ's fields): the stored password hash of MQTT_BASIC credentials
 * is left out of {@code credentialsValue}, as TBMQ leaves it out; {@code password} there is always null. Of
 * SCRAM credentials only the user name, algorithm, iteration count and rules are shown (no salt, no keys).
 * {@code additionalInfo} is the JSON object the user stored with them, or null.
 */
record CredentialsView(
        UUID id,
        long createdTime,
        String name,
        ClientType clientType,
        CredentialsType credentialsType,
        String credentialsId,
        String credentialsValue,
        JsonNode additionalInfo) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static CredentialsView of(MqttClientCredentials c) {
        String value = switch (c.credentialsType()) {
            case MQTT_BASIC ->
                CredentialsJson.write(
                        CredentialsJson.basic(c.credentialsValue()).withPassword(null));
            case SCRAM ->
                CredentialsJson.write(
                        CredentialsJson.scram(c.credentialsValue()).withoutSecrets());
            case SSL -> c.credentialsValue();
        };
        return new CredentialsView(
                c.id(),
                c.createdTime(),
                c.name(),
                c.clientType(),
                c.credentialsType(),
                c.credentialsId(),
                value,
                c.additionalInfo() == null ? null : JSON.readTree(c.additionalInfo()));
    }
}
