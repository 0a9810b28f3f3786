package io.relaymq.broker.api.reset;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Password reset tokens: 256 random bits, written URL-safe (43 characters) so they go into a link as
 * they are. Only their SHA-256 is stored, so a read of the database yields no usable token; a token
 * carries no expiry of its own, the stored row does.
 */
final class ResetTokens {

    /** A new token, the hash to store and when it stops working. */
    record Issued(String token, String hash, long expiresTime) {

        @Override
        public String toString() {
            return "Issued[hash " + hash + ", expires " + expiresTime + "]";
        }
    }

    static final int TOKEN_BYTES = 32;
    private static final Pattern WELL_FORMED = Pattern.compile("[A-Za-z0-9_-]{43}");

    private final SecureRandom random;
    private final Duration ttl;

    ResetTokens(SecureRandom random, Duration ttl) {
        this.random = random;
        this.ttl = ttl;
    }

    Issued issue(long now) {
        byte[] bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new Issued(token, hash(token), expiry(now));
    }

    /** When a token issued at {@code now} stops working: it works while the clock reads less than this. */
    long expiry(long now) {
        return now + ttl.toMillis();
    }

    Duration ttl() {
        return ttl;
    }

    /** Whether {@code token} can be one this class issued; anything else is refused without a lookup. */
    static boolean wellFormed(String token) {
        return token != null && WELL_FORMED.matcher(token).matches();
    }

    /** The SHA-256 of the token, hex: what is stored and looked up. */
    static String hash(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
