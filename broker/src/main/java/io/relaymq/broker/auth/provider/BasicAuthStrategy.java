package io.relaymq.broker.auth.provider;

import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How MQTT_BASIC finds a client's credentials ({@code authStrategy} of the provider's configuration, with
 * TBMQ's names): by client id only, by user name only, or by either and by both together, the most specific
 * match first ({@link #CLIENT_ID_AND_USERNAME}, also what a configuration without it means).
 */
public enum BasicAuthStrategy {
    /** Credentials that name the client id alone. */
    CLIENT_ID,
    /** Credentials that name the user name alone. */
    USERNAME,
    /** Credentials that name both, the user name alone, or the client id alone. */
    CLIENT_ID_AND_USERNAME;

    private record Config(String authStrategy) {}

    /** The credentials ids to look up, most specific first. */
    public List<String> candidates(String clientId, String userName) {
        boolean hasUser = userName != null && !userName.isEmpty();
        boolean hasClientId = clientId != null && !clientId.isEmpty();
        List<String> ids = new ArrayList<>(3);
        if (this == CLIENT_ID_AND_USERNAME) {
            return CredentialsIds.basicCandidates(clientId, userName);
        }
        if (this == USERNAME && hasUser) {
            ids.add(CredentialsIds.basic(null, userName));
        }
        if (this == CLIENT_ID && hasClientId) {
            ids.add(CredentialsIds.basic(clientId, null));
        }
        return ids;
    }

    /**
     * The strategy of a stored MQTT_BASIC configuration (null, blank or without {@code authStrategy}: {@link
     * #CLIENT_ID_AND_USERNAME}).
     *
     * @throws IllegalArgumentException for JSON that is not an object or a strategy of another name
     */
    public static BasicAuthStrategy of(String configurationJson) {
        if (configurationJson == null || configurationJson.isBlank()) {
            return CLIENT_ID_AND_USERNAME;
        }
        String name = CredentialsJson.read(configurationJson, Config.class).authStrategy();
        if (name == null) {
            return CLIENT_ID_AND_USERNAME;
        }
        return Arrays.stream(values())
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "authStrategy must be one of " + Arrays.toString(values()) + ", not '" + name + "'"));
    }
}
