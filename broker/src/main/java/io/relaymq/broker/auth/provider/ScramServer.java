package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.scram.ClientFinal;
import io.relaymq.broker.auth.scram.ClientFirst;
import io.relaymq.broker.auth.scram.MalformedScram;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import io.relaymq.broker.auth.scram.ScramMessages;
import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.dao.credentials.ScramCredentials;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The server side of SCRAM (RFC 5802 section 5): answers a client-first-message with a server-first-message
 * and checks the client-final-message's proof against the stored keys. It never runs PBKDF2: the stored
 * keys are what the proof is checked with (a few HMACs). A user name without SCRAM credentials of the
 * client's algorithm gets an answer of the same shape, with a salt derived from the user name and the
 * cluster's secret (the same on every node and every time) and the default iteration count, so a client
 * cannot tell whether a user exists. Such a user also gets disguised keys derived the same way, and its proof is
 * checked against them with the same HMACs as a known user's, then refused, so the time the check takes does
 * not tell either. Runs on an auth thread (the credentials lookup may query PostgreSQL).
 */
public final class ScramServer {

    /** Bytes of the salts the broker makes (random for credentials, derived for unknown users). */
    public static final int SALT_BYTES = 16;

    private static final int SERVER_NONCE_BYTES = 18;

    private final CredentialsLookup lookup;
    private final Supplier<String> secret;
    private final int defaultIterations;
    private final SecureRandom random = new SecureRandom();
    private volatile byte[] secretBytes;

    /**
     * @param secret            the cluster's SCRAM secret, read once when first needed
     * @param defaultIterations the iteration count shown for unknown users (MQTT_AUTH_SCRAM_ITERATIONS)
     */
    public ScramServer(CredentialsLookup lookup, Supplier<String> secret, int defaultIterations) {
        this.lookup = lookup;
        this.secret = secret;
        this.defaultIterations = defaultIterations;
    }

    /**
     * The server-first-message for {@code clientFirst}.
     *
     * @throws MalformedScram when the message is malformed or asks for what is not supported
     */
    public ScramChallenge challenge(ScramAlgorithm algorithm, byte[] clientFirst) {
        ClientFirst first = ScramMessages.clientFirst(clientFirst);
        String credentialsId = CredentialsIds.scram(first.user());
        Optional<MqttClientCredentials> found = lookup.find(List.of(credentialsId)).stream()
                .filter(c -> c.credentialsType() == CredentialsType.SCRAM)
                .filter(c -> algorithm
                        .name()
                        .equals(CredentialsJson.scram(c.credentialsValue()).algorithm()))
                .findFirst();
        byte[] nonceBytes = new byte[SERVER_NONCE_BYTES];
        random.nextBytes(nonceBytes);
        String nonce = first.nonce() + Base64.getEncoder().encodeToString(nonceBytes);
        String salt;
        int iterations;
        ScramKeys keys = null;
        if (found.isPresent()) {
            ScramCredentials value = CredentialsJson.scram(found.get().credentialsValue());
            salt = value.salt();
            iterations = value.iterations();
            Base64.Decoder base64 = Base64.getDecoder();
            keys = new ScramKeys(base64.decode(value.storedKey()), base64.decode(value.serverKey()));
        } else {
            salt = Base64.getEncoder().encodeToString(unknownUserSalt(algorithm, first.user()));
            iterations = defaultIterations;
            keys = unknownUserKeys(algorithm, first.user());
        }
        String serverFirst = "r=" + nonce + ",s=" + salt + ",i=" + iterations;
        return new ScramChallenge(
                algorithm, first.user(), found.orElse(null), keys, credentialsId, first.bare(), serverFirst, nonce);
    }

    /**
     * The server-final-message ({@code v=<ServerSignature>}) when {@code clientFinal} proves the password;
     * empty when it does not, or when the user is unknown (after the same computations as for a known user).
     *
     * @throws MalformedScram when the message is malformed or does not repeat the nonce
     */
    public Optional<byte[]> verify(ScramChallenge challenge, byte[] clientFinal) {
        ClientFinal last = ScramMessages.clientFinal(clientFinal);
        if (!last.nonce().equals(challenge.nonce())) {
            throw new MalformedScram("the nonce is not the one of this exchange");
        }
        byte[] authMessage = (challenge.clientFirstBare() + "," + challenge.serverFirst() + "," + last.withoutProof())
                .getBytes(StandardCharsets.UTF_8);
        // an unknown user's disguised keys go through the same computations, so both take the same time
        ScramKeys keys = challenge.keys();
        boolean proved = keys.proves(challenge.algorithm(), authMessage, last.proof());
        byte[] signature = keys.serverSignature(challenge.algorithm(), authMessage);
        if (!proved || challenge.credentials() == null) {
            return Optional.empty();
        }
        return Optional.of(("v=" + Base64.getEncoder().encodeToString(signature)).getBytes(StandardCharsets.UTF_8));
    }

    /** HMAC(secret, algorithm | user), cut to {@link #SALT_BYTES}: stable for a name, unguessable without the secret. */
    byte[] unknownUserSalt(ScramAlgorithm algorithm, String user) {
        return Arrays.copyOf(secretMac(algorithm, algorithm.name() + "|" + user), SALT_BYTES);
    }

    /**
     * Keys of the algorithm's length for a user without credentials, HMACs of the secret like its salt: checking a
     * proof against them is the same work as against real keys, and no proof is accepted for them anyway.
     */
    ScramKeys unknownUserKeys(ScramAlgorithm algorithm, String user) {
        return new ScramKeys(
                secretMac(algorithm, algorithm.name() + "|stored|" + user),
                secretMac(algorithm, algorithm.name() + "|server|" + user));
    }

    private byte[] secretMac(ScramAlgorithm algorithm, String data) {
        byte[] key = secretBytes;
        if (key == null) {
            key = secret.get().getBytes(StandardCharsets.UTF_8);
            secretBytes = key;
        }
        return algorithm.hmac(key, data.getBytes(StandardCharsets.UTF_8));
    }
}
