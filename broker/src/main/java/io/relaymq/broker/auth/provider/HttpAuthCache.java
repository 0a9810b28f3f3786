package io.relaymq.broker.auth.provider;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HTTP endpoint's answers, bounded in size and age, by request. The key is an HMAC-SHA256, under a key
 * drawn at random for this cache, of the whole request body the endpoint saw (client id, user name, password,
 * certificate CN, address, protocol): an answer serves only a request that is the same in every field, so a
 * different password or client id asks the endpoint again, and neither the password nor a plain hash of it is
 * kept.
 */
final class HttpAuthCache {

    private final Cache<String, HttpAuthAnswer> answers;
    private final SecretKeySpec key;

    /** @param ttl zero: nothing is cached */
    HttpAuthCache(Duration ttl, long maxSize) {
        this.answers = ttl.isZero()
                ? null
                : Caffeine.newBuilder()
                        .expireAfterWrite(ttl)
                        .maximumSize(maxSize)
                        .build();
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    /** The key of a request body. */
    String keyOf(byte[] requestBody) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return HexFormat.of().formatHex(mac.doFinal(requestBody));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing", e);
        }
    }

    Optional<HttpAuthAnswer> get(String key) {
        return answers == null ? Optional.empty() : Optional.ofNullable(answers.getIfPresent(key));
    }

    void put(String key, HttpAuthAnswer answer) {
        if (answers != null) {
            answers.put(key, answer);
        }
    }
}
