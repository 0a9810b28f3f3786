package io.relaymq.broker.auth.scram;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two SCRAM mechanisms the broker offers (RFC 5802 with SHA-256 as RFC 7677 names it, and SHA-512),
 * with the primitives they are built from: H, HMAC and Hi (PBKDF2 with one output block).
 */
public enum ScramAlgorithm {
    SHA_256("SCRAM-SHA-256", "SHA-256", "HmacSHA256"),
    SHA_512("SCRAM-SHA-512", "SHA-512", "HmacSHA512");

    private final String mechanism;
    private final String digest;
    private final String mac;

    ScramAlgorithm(String mechanism, String digest, String mac) {
        this.mechanism = mechanism;
        this.digest = digest;
        this.mac = mac;
    }

    /** The MQTT Authentication Method (the SASL mechanism name). */
    public String mechanism() {
        return mechanism;
    }

    /** The algorithm of an Authentication Method, compared exactly as MQTT compares method names. */
    public static Optional<ScramAlgorithm> ofMechanism(String method) {
        return Arrays.stream(values()).filter(a -> a.mechanism.equals(method)).findFirst();
    }

    /** H(data). */
    public byte[] hash(byte[] data) {
        try {
            return MessageDigest.getInstance(digest).digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(digest + " unavailable", e);
        }
    }

    /** HMAC(key, data); {@code key} must not be empty. */
    public byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac instance = Mac.getInstance(mac);
            instance.init(new SecretKeySpec(key, mac));
            return instance.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(mac + " unavailable", e);
        }
    }

    /**
     * Hi(password, salt, iterations) of RFC 5802 section 2.2: PBKDF2 with this HMAC and an output as long as
     * one HMAC. Costs {@code iterations} HMACs: never call it on a network thread.
     */
    public byte[] saltedPassword(byte[] password, byte[] salt, int iterations) {
        if (password.length == 0 || iterations < 1) {
            throw new IllegalArgumentException("a SCRAM password must not be empty and iterations must be positive");
        }
        try {
            Mac instance = Mac.getInstance(mac);
            instance.init(new SecretKeySpec(password, mac));
            instance.update(salt);
            byte[] u = instance.doFinal(new byte[] {0, 0, 0, 1});
            byte[] result = u.clone();
            for (int i = 1; i < iterations; i++) {
                u = instance.doFinal(u);
                for (int b = 0; b < result.length; b++) {
                    result[b] ^= u[b];
                }
            }
            return result;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(mac + " unavailable", e);
        }
    }
}
