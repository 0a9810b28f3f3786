package io.relaymq.broker.security;

import io.relaymq.broker.support.ApiClient;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Admin API logins as they arrive through a proxy: the test node trusts 127.0.0.1 as a proxy
 * (API_TRUSTED_PROXIES), so {@code X-Forwarded-For} names the client address each attempt comes from.
 */
final class AdminLogins {

    private AdminLogins() {}

    /** A random address in one of the documentation ranges (TEST-NET-2/3), so runs do not share counters. */
    static String randomAddress() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return (random.nextBoolean() ? "198.51.100." : "203.0.113.") + random.nextInt(1, 255);
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
