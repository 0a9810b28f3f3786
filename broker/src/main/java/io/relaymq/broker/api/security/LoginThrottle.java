package io.relaymq.broker.api.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiTooManyRequestsException;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Refuses logins for a user name or a client address after too many failures, until
 * {@code lockDuration} has passed since the last failure. A success clears the user name's count.
 */
public final class LoginThrottle {

    private final ApiProperties.Login settings;
    private final Cache<String, AtomicInteger> failures;

    public LoginThrottle(ApiProperties.Login settings) {
        this.settings = settings;
        this.failures = Caffeine.newBuilder().expireAfterWrite(settings.lockDuration()).maximumSize(100_000).build();
    }

    /** @throws ApiTooManyRequestsException when this user name or address is locked out */
    public void check(String username, String address) {
        if (count(userKey(username)) >= settings.maxFailures() || count(addressKey(address)) >= settings.maxFailures()) {
            throw new ApiTooManyRequestsException("too many failed logins; try again later", settings.lockDuration());
        }
    }

    public void failed(String username, String address) {
        increment(userKey(username));
        increment(addressKey(address));
    }

    public void succeeded(String username) {
        failures.invalidate(userKey(username));
    }

    private int count(String key) {
        AtomicInteger n = failures.getIfPresent(key);
        return n == null ? 0 : n.get();
    }

    private void increment(String key) {
        // put again so the lock runs from the latest failure
        failures.asMap().compute(key, (k, n) -> {
            AtomicInteger next = n == null ? new AtomicInteger() : n;
            next.incrementAndGet();
            return next;
        });
    }

    private static String userKey(String username) {
        return "u|" + (username == null ? "" : username.toLowerCase(Locale.ROOT));
    }

    private static String addressKey(String address) {
        return "a|" + address;
    }
}
