package io.relaymq.broker.auth.provider;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * Checks passwords against bcrypt hashes and remembers each result for a short time, keyed by the stored
 * hash and a keyed digest of the offered password (never the password itself). Concurrent checks of the
 * same password wait for one bcrypt run, so a reconnect storm of one client costs one bcrypt.
 */
public final class PasswordChecker {

    private record Key(String credentialsId, String storedHash, String offeredDigest) {
    }

    private final Cache<Key, Boolean> results;
    private final SecretKeySpec digestKey;
    private final Counter hashes;

    public PasswordChecker(Duration ttl, long maxEntries, MeterRegistry meters) {
        this.results = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(maxEntries).build();
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        this.digestKey = new SecretKeySpec(key, "HmacSHA256");
        this.hashes = Counter.builder("relaymq.auth.password.hashes")
                .description("bcrypt computations for MQTT client passwords (cache misses)").register(meters);
    }

    public static String hash(String password) {
        return BCrypt.hashpw(password, BCrypt.gensalt());
    }

    /** One uncached bcrypt check (the admin API's current-password check). */
    public static boolean matchesHash(String offered, String storedHash) {
        try {
            return BCrypt.checkpw(offered, storedHash);
        } catch (IllegalArgumentException notBcrypt) {
            return false;
        }
    }

    public boolean matches(String credentialsId, byte[] offered, String storedHash) {
        return results.get(new Key(credentialsId, storedHash, digest(offered)), key -> bcrypt(offered, storedHash));
    }

    private boolean bcrypt(byte[] offered, String storedHash) {
        hashes.increment();
        try {
            return BCrypt.checkpw(offered, storedHash);
        } catch (IllegalArgumentException notBcrypt) {
            return false;
        }
    }

    private String digest(byte[] offered) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(digestKey);
            return Base64.getEncoder().encodeToString(mac.doFinal(offered));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
