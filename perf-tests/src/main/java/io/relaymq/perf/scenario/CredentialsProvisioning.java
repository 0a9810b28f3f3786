package io.relaymq.perf.scenario;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates the benchmark's MQTT credentials through the RelayMQ admin API when the broker requires
 * authentication: one MQTT_BASIC credential for the DEVICE user name and one for the APPLICATION user
 * name of the settings. Credentials that exist already (HTTP 409) are left as they are.
 */
public final class CredentialsProvisioning {

    private static final Pattern TOKEN = Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String baseUrl;

    public CredentialsProvisioning(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /** Returns what was created, e.g. {@code [DEVICE bench-device]}. */
    public List<String> provision(String adminUser, String adminPassword, ScenarioSettings s)
            throws IOException, InterruptedException {
        String token = login(adminUser, adminPassword);
        List<String> created = new ArrayList<>();
        if (s.username() != null) {
            created.add(create(token, "DEVICE", s.username(), s.password()));
        }
        if (s.appUsername() != null) {
            created.add(create(token, "APPLICATION", s.appUsername(), s.appPassword()));
        }
        return created;
    }

    private String login(String user, String password) throws IOException, InterruptedException {
        HttpResponse<String> response = post(
                "/api/auth/login", null, "{\"username\":" + quote(user) + ",\"password\":" + quote(password) + "}");
        Matcher token = TOKEN.matcher(response.body());
        if (response.statusCode() != 200 || !token.find()) {
            throw new IllegalStateException(
                    "admin login failed: HTTP " + response.statusCode() + " " + response.body());
        }
        return token.group(1);
    }

    private String create(String token, String clientType, String user, String password)
            throws IOException, InterruptedException {
        HttpResponse<String> response = post("/api/mqtt/client/credentials", token, body(clientType, user, password));
        if (response.statusCode() == 409) {
            return clientType + " " + user + " (existed)";
        }
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("creating credentials for " + user + " failed: HTTP "
                    + response.statusCode() + " " + response.body());
        }
        return clientType + " " + user;
    }

    static String body(String clientType, String user, String password) {
        String value =
                "{\"userName\":" + quote(user) + (password == null ? "" : ",\"password\":" + quote(password)) + "}";
        return "{\"name\":" + quote("benchmark " + user) + ",\"clientType\":" + quote(clientType)
                + ",\"credentialsType\":\"MQTT_BASIC\",\"credentialsValue\":" + quote(value) + "}";
    }

    private HttpResponse<String> post(String path, String token, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("X-Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
