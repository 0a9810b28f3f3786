package io.relaymq.broker.auth.scram;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * What the server keeps of a SCRAM password (RFC 5802 section 3): StoredKey = H(HMAC(SaltedPassword,
 * "Client Key")) and ServerKey = HMAC(SaltedPassword, "Server Key"). Neither gives the password back, and
 * StoredKey alone does not let anyone log in.
 */
public record ScramKeys(byte[] storedKey, byte[] serverKey) {

    private static final byte[] CLIENT_KEY = "Client Key".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_KEY = "Server Key".getBytes(StandardCharsets.US_ASCII);

    /** The keys of {@code password} (UTF-8) with this salt and iteration count; runs PBKDF2. */
    public static ScramKeys derive(ScramAlgorithm algorithm, String password, byte[] salt, int iterations) {
        byte[] salted = algorithm.saltedPassword(password.getBytes(StandardCharsets.UTF_8), salt, iterations);
        return new ScramKeys(algorithm.hash(clientKey(algorithm, salted)), algorithm.hmac(salted, SERVER_KEY));
    }

    /** ClientKey = HMAC(SaltedPassword, "Client Key"), what a client proves it knows. */
    public static byte[] clientKey(ScramAlgorithm algorithm, byte[] saltedPassword) {
        return algorithm.hmac(saltedPassword, CLIENT_KEY);
    }

    /**
     * Whether {@code clientProof} proves knowledge of the ClientKey behind these keys for {@code authMessage}:
     * ClientKey = ClientProof XOR HMAC(StoredKey, AuthMessage), and H(ClientKey) must be StoredKey.
     */
    public boolean proves(ScramAlgorithm algorithm, byte[] authMessage, byte[] clientProof) {
        byte[] signature = algorithm.hmac(storedKey, authMessage);
        if (clientProof.length != signature.length) {
            return false;
        }
        return MessageDigest.isEqual(algorithm.hash(xor(clientProof, signature)), storedKey);
    }

    /** ServerSignature = HMAC(ServerKey, AuthMessage), the server's proof in server-final-message. */
    public byte[] serverSignature(ScramAlgorithm algorithm, byte[] authMessage) {
        return algorithm.hmac(serverKey, authMessage);
    }

    /** ClientProof = ClientKey XOR HMAC(StoredKey, AuthMessage), as a client computes it. */
    public static byte[] clientProof(ScramAlgorithm algorithm, byte[] saltedPassword, byte[] authMessage) {
        byte[] clientKey = clientKey(algorithm, saltedPassword);
        return xor(clientKey, algorithm.hmac(algorithm.hash(clientKey), authMessage));
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }
}
