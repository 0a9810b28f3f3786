package io.relaymq.broker.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for the admin API of a test node: JSON in, JSON out, token in X-Authorization. */
public final class ApiClient {

    public static final String ADMIN_EMAIL = "sysadmin@relaymq.io";
    public static final String ADMIN_PASSWORD = "it-admin-password";
    /** The test node's token signing key (64 bytes, base64), so tests can forge expired tokens. */
    public static final String SIGNING_KEY =
            "cmVsYXltcS1pbnRlZ3JhdGlvbi10ZXN0LXNpZ25pbmcta2V5LXJlbGF5bXEtaW50ZWdyYXRpb24tdGVzdC1rZXk=";

    /** A response: status, body as JSON (null when empty or not JSON), and headers. */
    public record Response(int status, JsonNode body, String text, Map<String, List<String>> headers) {

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String token;

    private ApiClient(String base, String token) {
        this.base = base;
        this.token = token;
    }

    public static ApiClient anonymous(int port) {
        return new ApiClient("http://127.0.0.1:" + port, null);
    }

    /** Logged in as the test node's first admin. */
    public static ApiClient admin(int port) {
        return anonymous(port).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    }

    public ApiClient login(String email, String password) {
        Response r = post("/api/auth/login", Map.of("username", email, "password", password));
        if (r.status() != 200) {
            throw new IllegalStateException("login failed: " + r.status() + " " + r.text());
        }
        return withToken(r.body().get("token").asString());
    }

    public ApiClient withToken(String newToken) {
        return new ApiClient(base, newToken);
    }

    public static String json(Object value) {
        return JSON.writeValueAsString(value);
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    public Response post(String path, Object body) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : json(body))));
    }

    public Response postText(String path, String contentType, String body) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response send(HttpRequest.Builder builder) {
        try {
            HttpResponse<String> r = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = null;
            String contentType = r.headers().firstValue("Content-Type").orElse("");
            if (!r.body().isEmpty() && contentType.contains("json")) {
                body = JSON.readTree(r.body());
            }
            return new Response(r.statusCode(), body, r.body(), r.headers().map());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            b.header("X-Authorization", "Bearer " + token);
        }
        return b;
    }
}
