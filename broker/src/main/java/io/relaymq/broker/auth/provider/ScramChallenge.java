package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.nio.charset.StandardCharsets;

/**
 * The server's half of a SCRAM exchange after its server-first-message: what the proof is checked against.
 *
 * @param credentials    the user's SCRAM credentials, or null for an unknown user (who then gets a made-up
 *                       salt and can never prove anything)
 * @param keys           their keys; for an unknown user, disguised keys its proof is checked against in the same way
 * @param credentialsId  the lookup key of the user name, known or not (failures are counted against it)
 * @param clientFirstBare client-first-message-bare as the client sent it
 * @param serverFirst    the server-first-message sent
 * @param nonce          the combined nonce the client must repeat
 */
public record ScramChallenge(
        ScramAlgorithm algorithm,
        String user,
        MqttClientCredentials credentials,
        ScramKeys keys,
        String credentialsId,
        String clientFirstBare,
        String serverFirst,
        String nonce) {

    /** The server-first-message as AUTH's Authentication Data. */
    public byte[] serverFirstBytes() {
        return serverFirst.getBytes(StandardCharsets.UTF_8);
    }
}
