package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.CredentialsJson;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The HTTP provider's JSON configuration (TBMQ's names where TBMQ has the field).
 *
 * @param restEndpointUrl     where the broker POSTs each check: an absolute http or https URL with a host and
 *                            without user info (secrets go in {@code headers})
 * @param headers             extra request headers (an API key, a bearer token); never logged
 * @param readTimeoutMs       how long one check may take, connecting included, before the endpoint counts as
 *                            down (100 to 60000, default 3000)
 * @param defaultClientType   the client type when an answer names none (default DEVICE)
 * @param authRules           the rules when an allowing answer has none (default: everything)
 * @param failMode            what a down endpoint means: {@code CLOSED} (default) refuses the client with
 *                            "server unavailable"; {@code OPEN} asks the next provider, as if this one did
 *                            not know the client (never a grant by itself)
 * @param cacheTtlMs          how long an answer (allow, deny or ignore) is reused for the same request; 0: never
 *                            (default 60000, at most one day)
 * @param cacheMaxSize        at most this many cached answers (default 10000, at most 1000000)
 * @param maxParallelRequests checks under way at once on one node; more are refused as "server busy" (default
 *                            64, 1 to 10000)
 */
public record HttpAuthConfig(
        String restEndpointUrl,
        Map<String, String> headers,
        Integer readTimeoutMs,
        ClientType defaultClientType,
        AuthRules authRules,
        String failMode,
        Long cacheTtlMs,
        Integer cacheMaxSize,
        Integer maxParallelRequests) {

    /** What a down endpoint (timeout, refused connection, unexpected status, unreadable answer) means. */
    public enum FailMode {
        /** The client is refused with "server unavailable". */
        CLOSED,
        /** The next provider in the order is asked; when none knows the client, anonymous access decides. */
        OPEN
    }

    static final int MAX_URL_LENGTH = 2048;
    static final int MAX_HEADERS = 32;
    static final int MAX_HEADER_VALUE_LENGTH = 4096;
    private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}");

    public HttpAuthConfig {
        restEndpointUrl = restEndpointUrl == null || restEndpointUrl.isBlank() ? null : restEndpointUrl.strip();
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        readTimeoutMs = readTimeoutMs == null ? 3000 : readTimeoutMs;
        defaultClientType = defaultClientType == null ? ClientType.DEVICE : defaultClientType;
        authRules = authRules == null ? AuthRules.ALLOW_ALL : authRules;
        failMode = failMode == null || failMode.isBlank() ? FailMode.CLOSED.name() : failMode;
        cacheTtlMs = cacheTtlMs == null ? 60_000L : cacheTtlMs;
        cacheMaxSize = cacheMaxSize == null ? 10_000 : cacheMaxSize;
        maxParallelRequests = maxParallelRequests == null ? 64 : maxParallelRequests;
    }

    /**
     * The configuration in {@code json}; null for none (blank or {@code {}}: the provider knows no client).
     *
     * @throws IllegalArgumentException when it is invalid, naming the field
     */
    public static HttpAuthConfig parse(String json) {
        if (json == null || json.isBlank() || json.strip().equals("{}")) {
            return null;
        }
        HttpAuthConfig config = CredentialsJson.read(json, HttpAuthConfig.class);
        config.validate();
        return config;
    }

    public FailMode mode() {
        return FailMode.valueOf(failMode.toUpperCase(Locale.ROOT));
    }

    public URI endpoint() {
        return URI.create(restEndpointUrl);
    }

    /** A request to the endpoint with the JSON content type and the configured headers. */
    HttpRequest.Builder requestBuilder() {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json");
        try {
            headers.forEach(request::setHeader);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a configured header cannot be sent: " + e.getMessage());
        }
        return request;
    }

    private void validate() {
        validateUrl(restEndpointUrl);
        if (headers.size() > MAX_HEADERS) {
            throw new IllegalArgumentException("at most " + MAX_HEADERS + " headers");
        }
        headers.forEach((name, value) -> {
            if (name == null || !HEADER_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("invalid header name '" + name + "'");
            }
            if (value == null
                    || value.length() > MAX_HEADER_VALUE_LENGTH
                    || value.chars().anyMatch(c -> c < 0x20)) {
                throw new IllegalArgumentException("invalid value of header '" + name + "'");
            }
        });
        requestBuilder(); // a header the JDK refuses to send (Host, Content-Length, ...) fails here
        between("readTimeoutMs", readTimeoutMs, 100, 60_000);
        between("cacheTtlMs", cacheTtlMs, 0, 86_400_000L);
        between("cacheMaxSize", cacheMaxSize, 1, 1_000_000);
        between("maxParallelRequests", maxParallelRequests, 1, 10_000);
        try {
            mode();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("failMode must be CLOSED or OPEN, not '" + failMode + "'");
        }
        AclRules.validate(authRules);
    }

    private static void validateUrl(String url) {
        if (url == null) {
            throw new IllegalArgumentException("restEndpointUrl is required");
        }
        if (url.length() > MAX_URL_LENGTH) {
            throw new IllegalArgumentException("restEndpointUrl may have at most " + MAX_URL_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("restEndpointUrl is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("restEndpointUrl must be an http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("restEndpointUrl must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("restEndpointUrl must not carry user info; send secrets in headers");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("restEndpointUrl must not have a fragment");
        }
    }

    private static void between(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be " + min + " to " + max + ", not " + value);
        }
    }
}
