package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.provider.ScramServer;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import io.relaymq.broker.auth.scram.ScramMessages;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.dao.credentials.ScramCredentials;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Turns the SCRAM credentials an admin sends (user name, algorithm, password, rules) into what is stored: a
 * random salt, the configured iteration count and the keys derived from the password, never the password.
 * Runs PBKDF2, so it is called from admin API threads only. The password is used as its UTF-8 bytes (no
 * SASLprep normalisation).
 */
public final class ScramSecrets {

    /** The longest password taken (the API's limit for passwords). */
    public static final int MAX_PASSWORD_CHARS = 255;

    /** What the API receives as the {@code credentialsValue} of SCRAM credentials. */
    record Input(String userName, String algorithm, String password, AuthRules authRules) {}

    private final int iterations;
    private final SecureRandom random = new SecureRandom();

    /** @param iterations the PBKDF2 iteration count for new keys (MQTT_AUTH_SCRAM_ITERATIONS) */
    public ScramSecrets(int iterations) {
        this.iterations = iterations;
    }

    /**
     * The value to store for {@code json}. Without a password the keys of {@code existing} are kept when it
     * is SCRAM credentials of the same algorithm (a password is changed with {@link #withPassword}).
     *
     * @throws IllegalArgumentException for an invalid value, or no password where one is needed
     */
    public ScramCredentials stored(String json, Optional<MqttClientCredentials> existing) {
        Input input = CredentialsJson.read(json, Input.class);
        String user = input.userName();
        if (user == null || user.isEmpty() || user.codePointCount(0, user.length()) > ScramMessages.MAX_USER_CHARS) {
            throw new IllegalArgumentException(
                    "SCRAM credentials need a userName of 1 to " + ScramMessages.MAX_USER_CHARS + " characters");
        }
        if (user.chars().anyMatch(c -> c < 0x20 || c == 0x7F)) {
            throw new IllegalArgumentException("a SCRAM userName must not hold control characters");
        }
        ScramAlgorithm algorithm = algorithm(input.algorithm());
        AuthRules rules = input.authRules() == null ? AuthRules.ALLOW_ALL : input.authRules();
        AclRules.validate(rules);
        if (input.password() != null) {
            return derive(user, algorithm, input.password(), rules);
        }
        ScramCredentials kept = existing.filter(old -> old.credentialsType() == CredentialsType.SCRAM)
                .map(old -> CredentialsJson.scram(old.credentialsValue()))
                .filter(old -> old.algorithm().equals(algorithm.name()))
                .orElseThrow(() -> new IllegalArgumentException(
                        "SCRAM credentials need a password (new credentials, or another algorithm)"));
        return new ScramCredentials(
                user, kept.algorithm(), kept.salt(), kept.iterations(), kept.storedKey(), kept.serverKey(), rules);
    }

    /** The same credentials with keys for {@code password}, a new salt and the configured iteration count. */
    public ScramCredentials withPassword(ScramCredentials current, String password) {
        return derive(current.userName(), algorithm(current.algorithm()), password, current.authRules());
    }

    /** Whether {@code offered} is the password the stored keys were derived from (runs PBKDF2 once). */
    public static boolean matches(ScramCredentials stored, String offered) {
        if (offered == null || offered.isEmpty()) {
            return false;
        }
        Base64.Decoder base64 = Base64.getDecoder();
        ScramKeys keys = ScramKeys.derive(
                ScramAlgorithm.valueOf(stored.algorithm()), offered, base64.decode(stored.salt()), stored.iterations());
        return MessageDigest.isEqual(keys.storedKey(), base64.decode(stored.storedKey()));
    }

    private ScramCredentials derive(String user, ScramAlgorithm algorithm, String password, AuthRules rules) {
        if (password.isEmpty() || password.length() > MAX_PASSWORD_CHARS) {
            throw new IllegalArgumentException("a SCRAM password must have 1 to " + MAX_PASSWORD_CHARS + " characters");
        }
        byte[] salt = new byte[ScramServer.SALT_BYTES];
        random.nextBytes(salt);
        ScramKeys keys = ScramKeys.derive(algorithm, password, salt, iterations);
        Base64.Encoder base64 = Base64.getEncoder();
        return new ScramCredentials(
                user,
                algorithm.name(),
                base64.encodeToString(salt),
                iterations,
                base64.encodeToString(keys.storedKey()),
                base64.encodeToString(keys.serverKey()),
                rules);
    }

    private static ScramAlgorithm algorithm(String name) {
        if (name == null) {
            return ScramAlgorithm.SHA_256;
        }
        for (ScramAlgorithm algorithm : ScramAlgorithm.values()) {
            if (algorithm.name().equals(name)) {
                return algorithm;
            }
        }
        throw new IllegalArgumentException("algorithm must be SHA_256 or SHA_512, not '" + name + "'");
    }
}
