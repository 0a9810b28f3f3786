package io.relaymq.integration.target.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The checked configuration of an HTTP integration (see the README, "HTTP integration", for the JSON).
 *
 * @param uri           where each message is sent
 * @param method        POST, PUT or PATCH
 * @param headers       extra request headers, in the order given
 * @param body          what the request body is
 * @param authorization the Authorization header value; null for none
 * @param caPem         the only CA certificates trusted for https; null for the JVM's default trust
 */
record HttpSettings(
        URI uri,
        String method,
        Map<String, String> headers,
        BodyForm body,
        String authorization,
        String caPem,
        Duration connectTimeout,
        Duration requestTimeout) {

    static final int MAX_URL_CHARS = 2048;
    static final int MAX_HEADERS = 32;
    static final int MAX_HEADER_NAME_CHARS = 128;
    static final int MAX_HEADER_VALUE_CHARS = 1024;
    static final int MAX_CREDENTIAL_CHARS = 1024;
    static final int MAX_TOKEN_CHARS = 8192;
    static final int MAX_PEM_CHARS = 64 * 1024;
    static final long MAX_TIMEOUT_MS = 60_000;

    enum BodyForm {
        PAYLOAD,
        JSON
    }

    private static final Set<String> FIELDS =
            Set.of("url", "method", "headers", "body", "auth", "tls", "connectTimeoutMs", "requestTimeoutMs", "retry");
    private static final Set<String> METHODS = Set.of("POST", "PUT", "PATCH");
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\x{10ffff}]*");
    private static final Set<String> REFUSED_HEADERS = Set.of(
            "connection",
            "keep-alive",
            "proxy-authenticate",
            "proxy-authorization",
            "proxy-connection",
            "te",
            "trailer",
            "transfer-encoding",
            "upgrade",
            "host",
            "content-length",
            "expect");

    /** Reads {@code config}; every problem found is added to {@code problems} (the result is then unusable). */
    static HttpSettings parse(JsonNode config, List<String> problems) {
        if (config == null || !config.isObject()) {
            problems.add("configuration: must be a JSON object");
            return null;
        }
        for (String field : config.propertyNames()) {
            if (!FIELDS.contains(field)) {
                problems.add("unknown field " + shown(field) + "; known are " + FIELDS);
            }
        }
        URI uri = url(config.get("url"), problems);
        String method = text(config, "method", "POST", 16, problems).toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            problems.add("method: must be POST, PUT or PATCH");
        }
        String auth = authorization(config.get("auth"), problems);
        Map<String, String> headers = headers(config.get("headers"), auth != null, problems);
        BodyForm body = body(config, problems);
        String pem = tls(config.get("tls"), problems);
        Duration connect = millis(config, "connectTimeoutMs", 5_000, problems);
        Duration request = millis(config, "requestTimeoutMs", 10_000, problems);
        return new HttpSettings(uri, method, headers, body, auth, pem, connect, request);
    }

    private static URI url(JsonNode node, List<String> problems) {
        if (node == null || !node.isString() || node.stringValue().isBlank()) {
            problems.add("url: required, an http or https URL");
            return null;
        }
        String text = node.stringValue();
        if (text.length() > MAX_URL_CHARS) {
            problems.add("url: longer than " + MAX_URL_CHARS + " characters");
            return null;
        }
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                problems.add("url: the scheme must be http or https");
            } else if (uri.getHost() == null || uri.getHost().isEmpty()) {
                problems.add("url: needs a host name");
            } else if (uri.getRawUserInfo() != null) {
                problems.add("url: must not carry credentials; use auth");
            } else if (uri.getRawFragment() != null) {
                problems.add("url: must not have a fragment (#…)");
            }
            return uri;
        } catch (URISyntaxException e) {
            problems.add("url: not a valid URL (" + e.getReason() + ")");
            return null;
        }
    }

    private static Map<String, String> headers(JsonNode node, boolean authSet, List<String> problems) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return headers;
        }
        if (!node.isObject()) {
            problems.add("headers: must be an object of name: value");
            return headers;
        }
        if (node.size() > MAX_HEADERS) {
            problems.add("headers: at most " + MAX_HEADERS + " entries");
            return headers;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String name = e.getKey();
            String lower = name.toLowerCase(Locale.ROOT);
            if (name.length() > MAX_HEADER_NAME_CHARS || !TOKEN.matcher(name).matches()) {
                problems.add("headers: " + shown(name) + " is not a valid header name");
            } else if (REFUSED_HEADERS.contains(lower)) {
                problems.add("headers: " + name + " is set by the connection and cannot be configured");
            } else if (lower.startsWith("x-relaymq-")) {
                problems.add("headers: " + name + " is reserved for the headers RelayMQ sets");
            } else if (authSet && lower.equals("authorization")) {
                problems.add("headers: Authorization conflicts with auth; use one of them");
            } else if (!e.getValue().isString()
                    || e.getValue().stringValue().length() > MAX_HEADER_VALUE_CHARS
                    || !VALUE.matcher(e.getValue().stringValue()).matches()) {
                problems.add("headers." + name + ": must be text of at most " + MAX_HEADER_VALUE_CHARS
                        + " characters without control characters (CR, LF)");
            } else {
                headers.put(name, e.getValue().stringValue());
            }
        }
        return headers;
    }

    private static BodyForm body(JsonNode config, List<String> problems) {
        String text = text(config, "body", "PAYLOAD", 16, problems);
        try {
            return BodyForm.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problems.add("body: must be PAYLOAD or JSON");
            return BodyForm.PAYLOAD;
        }
    }

    private static String authorization(JsonNode node, List<String> problems) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add("auth: must be an object with type NONE, BASIC or BEARER");
            return null;
        }
        for (String field : node.propertyNames()) {
            if (!Set.of("type", "username", "password", "token").contains(field)) {
                problems.add("auth: unknown field " + shown(field));
            }
        }
        String type = text(node, "type", "NONE", 16, problems).toUpperCase(Locale.ROOT);
        switch (type) {
            case "NONE":
                return null;
            case "BASIC": {
                String user = text(node, "username", "", MAX_CREDENTIAL_CHARS, problems);
                String password = text(node, "password", "", MAX_CREDENTIAL_CHARS, problems);
                if (user.isEmpty() || user.contains(":") || !VALUE.matcher(user).matches()) {
                    problems.add("auth.username: required for BASIC, without ':' or control characters");
                }
                if (!VALUE.matcher(password).matches()) {
                    problems.add("auth.password: must not contain control characters");
                }
                return "Basic "
                        + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            }
            case "BEARER": {
                String token = text(node, "token", "", MAX_TOKEN_CHARS, problems);
                if (token.isEmpty() || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                    problems.add("auth.token: required for BEARER, visible ASCII characters only");
                }
                return "Bearer " + token;
            }
            default:
                problems.add("auth.type: must be NONE, BASIC or BEARER");
                return null;
        }
    }

    private static String tls(JsonNode node, List<String> problems) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add("tls: must be an object");
            return null;
        }
        for (String field : node.propertyNames()) {
            if (!field.equals("caCertificatePem")) {
                problems.add("tls: unknown field " + shown(field) + "; only caCertificatePem is offered");
            }
        }
        JsonNode pem = node.get("caCertificatePem");
        if (pem == null || pem.isNull()) {
            return null;
        }
        if (!pem.isString() || pem.stringValue().length() > MAX_PEM_CHARS) {
            problems.add("tls.caCertificatePem: must be PEM text of at most " + MAX_PEM_CHARS + " characters");
            return null;
        }
        try {
            PemTrust.certificates(pem.stringValue());
        } catch (IllegalArgumentException e) {
            problems.add("tls.caCertificatePem: " + e.getMessage());
        }
        return pem.stringValue();
    }

    private static String text(JsonNode node, String field, String fallback, int max, List<String> problems) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isString() || value.stringValue().length() > max) {
            problems.add(field + ": must be text of at most " + max + " characters");
            return fallback;
        }
        return value.stringValue();
    }

    private static Duration millis(JsonNode node, String field, long fallback, List<String> problems) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Duration.ofMillis(fallback);
        }
        if (!value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.longValue() < 1
                || value.longValue() > MAX_TIMEOUT_MS) {
            problems.add(field + ": must be a whole number from 1 to " + MAX_TIMEOUT_MS);
            return Duration.ofMillis(fallback);
        }
        return Duration.ofMillis(value.longValue());
    }

    /** Leaves secrets out: the Authorization value, the header values and the query (they may carry keys). */
    @Override
    public String toString() {
        String where = uri == null
                ? "null"
                : uri.getScheme() + "://" + uri.getRawAuthority() + (uri.getRawPath() == null ? "" : uri.getRawPath())
                        + (uri.getRawQuery() == null ? "" : "?<query hidden>");
        return "HttpSettings[" + method + " " + where + ", headers=" + headers.keySet() + ", body=" + body
                + ", authorization=" + (authorization == null ? "none" : "<hidden>") + ", caPem="
                + (caPem == null ? "none" : "given") + ", connectTimeout=" + connectTimeout + ", requestTimeout="
                + requestTimeout + "]";
    }

    private static String shown(String name) {
        String cut = name.length() > 64 ? name.substring(0, 64) + "…" : name;
        return '"' + cut.replaceAll("\\p{Cntrl}", "?") + '"';
    }
}
