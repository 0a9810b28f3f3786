package io.relaymq.dao.credentials;

/**
 * The value of SCRAM credentials: what a SCRAM server keeps of a password (RFC 5802 section 3), never the
 * password itself.
 *
 * @param algorithm  {@code SHA_256} or {@code SHA_512}
 * @param salt       base64
 * @param iterations the PBKDF2 iteration count the keys were derived with
 * @param storedKey  base64 of H(ClientKey)
 * @param serverKey  base64 of HMAC(SaltedPassword, "Server Key")
 */
public record ScramCredentials(
        String userName,
        String algorithm,
        String salt,
        int iterations,
        String storedKey,
        String serverKey,
        AuthRules authRules) {

    public ScramCredentials {
        authRules = authRules == null ? AuthRules.ALLOW_ALL : authRules;
    }

    /** What the API shows: user name, algorithm, iterations and rules, without salt and keys. */
    public ScramCredentials withoutSecrets() {
        return new ScramCredentials(userName, algorithm, null, iterations, null, null, authRules);
    }
}
