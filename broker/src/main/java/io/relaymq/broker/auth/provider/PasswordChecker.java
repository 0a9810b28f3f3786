package io.relaymq.broker.auth.provider;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.auth.lanes.HashLanes;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * Checks passwords against bcrypt hashes and remembers each result for a short time, keyed by the stored
 * hash and a keyed digest of the offered password (never the password itself). Concurrent checks of the
 * same password wait for one bcrypt run, so a reconnect storm of one client costs one bcrypt. The bcrypt
 * runs in the client address's lane of the {@link HashLanes}; when it does not fit, the check fails with
 * {@link HashLanes.LanesFull} (and nothing is remembered).
 */
public final class PasswordChecker {

    private record Key(String credentialsId, String storedHash, String offeredDigest) {}

    private final AsyncCache<Key, Boolean> results;
    private final SecretKeySpec digestKey;
    private final Counter hashes;
    private final HashLanes lanes;

    public PasswordChecker(Duration ttl, long maxEntries, MeterRegistry meters, HashLanes lanes) {
        this.results = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(maxEntries)
                .buildAsync();
        this.lanes = lanes;
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        this.digestKey = new SecretKeySpec(key, "HmacSHA256");
        this.hashes = Counter.builder("relaymq.auth.password.hashes")
                .description("bcrypt computations for MQTT client passwords (cache misses)")
                .register(meters);
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

    /** Whether {@code offered} matches; a cache miss hashes in {@code address}'s lane. */
    public CompletableFuture<Boolean> check(String credentialsId, String address, byte[] offered, String storedHash) {
        return check(credentialsId, address, false, offered, storedHash);
    }

    /** The same; {@code first}: the lane goes before lanes of addresses with recent wrong passwords. */
    public CompletableFuture<Boolean> check(
            String credentialsId, String address, boolean first, byte[] offered, String storedHash) {
        return results.get(
                new Key(credentialsId, storedHash, digest(offered)),
                (key, executor) -> lanes.submit(address, first, () -> bcrypt(offered, storedHash)));
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
