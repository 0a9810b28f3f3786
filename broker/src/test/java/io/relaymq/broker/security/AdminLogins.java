package io.relaymq.broker.security;

import io.relaymq.broker.support.ApiClient;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admin API logins as they arrive through a proxy: the test node trusts 127.0.0.1 as a proxy
 * (API_TRUSTED_PROXIES), so {@code X-Forwarded-For} names the client address each attempt comes from.
 */
final class AdminLogins {

    private AdminLogins() {}

    /** Addresses in the documentation ranges TEST-NET-2 and TEST-NET-3: 2 × 254. */
    private static final int ADDRESSES = 2 * 254;

    /** Where this JVM's run through the addresses starts (random, so runs against one database differ). */
    private static final int FIRST = ThreadLocalRandom.current().nextInt(ADDRESSES);

    private static final AtomicInteger HANDED_OUT = new AtomicInteger();

    /**
     * An address no other call in this JVM got, in one of the documentation ranges: failed logins counted for
     * one test's address never throttle another's (a random pick repeated one in about 500 draws).
     */
    static String randomAddress() {
        int n = HANDED_OUT.getAndIncrement();
        if (n >= ADDRESSES) {
            throw new IllegalStateException("more than " + ADDRESSES + " test addresses in one JVM");
        }
        int slot = (FIRST + n) % ADDRESSES;
        return (slot < 254 ? "198.51.100." : "203.0.113.") + (slot % 254 + 1);
    }

    static String randomUser() {
        return "nobody-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + "@example.com";
    }

    static ApiClient.Response login(int port, String forwardedFor, String username, String password) {
        return post(port, forwardedFor, "/api/auth/login", Map.of("username", username, "password", password));
    }

    static ApiClient.Response refresh(int port, String forwardedFor, String refreshToken) {
        return post(port, forwardedFor, "/api/auth/token", Map.of("refreshToken", refreshToken));
    }

    static ApiClient.Response post(int port, String forwardedFor, String path, Object body) {
        ApiClient client = ApiClient.anonymous(port);
        HttpRequest.Builder request = client.request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ApiClient.json(body)));
        if (forwardedFor != null) {
            request.header("X-Forwarded-For", forwardedFor);
        }
        return client.send(request);
    }
}
