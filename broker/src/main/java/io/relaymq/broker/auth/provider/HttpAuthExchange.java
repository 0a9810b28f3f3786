package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP provider's wire shapes. The request is a JSON object with {@code clientId}, {@code username},
 * {@code password} (the MQTT password as UTF-8 text), {@code certificateCn}, {@code ipAddress}, {@code
 * protocolVersion} (4: MQTT 3.1.1, 5: MQTT 5.0) and {@code tls}; absent values are null. An allowing answer may
 * name the client's {@code principal} (who owns its session). The answer is read
 * defensively: 401 denies as "bad user name or password", 403 as "not authorized"; another status outside
 * 2xx, a body that is not a JSON object, an unknown {@code result} or {@code clientType}, or rules beyond the
 * caps make the endpoint count as down.
 */
final class HttpAuthExchange {

    static final int MAX_REASON_LENGTH = 200;
    /** The longest {@code principal} an answer may give. */
    static final int MAX_PRINCIPAL_LENGTH = 256;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HttpAuthExchange() {}

    static byte[] requestBody(AuthRequest request) {
        return requestBody(request, request.certificateCn());
    }

    /** The request for {@code request} as if its client certificate had the CN {@code certificateCn}. */
    static byte[] requestBody(AuthRequest request, String certificateCn) {
        ObjectNode body = JSON.createObjectNode();
        body.put("clientId", request.clientId());
        body.put("username", request.username());
        body.put("password", request.hasPassword() ? new String(request.password(), StandardCharsets.UTF_8) : null);
        body.put("certificateCn", certificateCn);
        body.put("ipAddress", request.ipAddress());
        body.put("protocolVersion", request.protocolVersion());
        body.put("tls", request.tls());
        return JSON.writeValueAsBytes(body);
    }

    /** The decision in an answer; throws {@link HttpAuthUnavailable} when the answer is not usable. */
    static HttpAuthAnswer answer(int status, byte[] body, HttpAuthConfig config) {
        if (status == 401) {
            return HttpAuthAnswer.deny(ConnectReject.BAD_CREDENTIALS, "HTTP auth endpoint answered 401");
        }
        if (status == 403) {
            return HttpAuthAnswer.deny(ConnectReject.NOT_AUTHORIZED, "HTTP auth endpoint answered 403");
        }
        if (status < 200 || status > 299) {
            throw new HttpAuthUnavailable("HTTP auth endpoint answered HTTP " + status);
        }
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JacksonException e) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's answer is not JSON");
        }
        if (root == null || !root.isObject()) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's answer is not a JSON object");
        }
        String result = text(root, "result");
        return switch (result == null ? "" : result.toUpperCase(Locale.ROOT)) {
            case "ALLOW", "SUCCESS" ->
                HttpAuthAnswer.allow(clientType(root, config), rules(root, config), principal(root));
            case "DENY", "FAILURE" -> HttpAuthAnswer.deny(ConnectReject.NOT_AUTHORIZED, denial(root));
            case "IGNORE", "SKIPPED" -> HttpAuthAnswer.ignore();
            default -> throw new HttpAuthUnavailable("HTTP auth endpoint's answer has no valid result");
        };
    }

    /** The answer's {@code principal}: printable text of at most {@link #MAX_PRINCIPAL_LENGTH} characters, or null. */
    private static String principal(JsonNode root) {
        String principal = text(root, "principal");
        if (principal == null) {
            return null;
        }
        if (principal.isEmpty()
                || principal.length() > MAX_PRINCIPAL_LENGTH
                || principal.chars().anyMatch(Character::isISOControl)) {
            throw new HttpAuthUnavailable(
                    "HTTP auth endpoint's principal must be 1 to " + MAX_PRINCIPAL_LENGTH + " printable characters");
        }
        return principal;
    }

    /**
     * Whether the request's password (if any) is UTF-8 text: it goes to the endpoint as a JSON string, and a
     * binary one could only be sent altered (two different passwords then looking the same).
     */
    static boolean passwordIsText(AuthRequest request) {
        if (!request.hasPassword()) {
            return true;
        }
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(request.password()));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String denial(JsonNode root) {
        String reason = text(root, "reason");
        if (reason == null) {
            return "denied by the HTTP auth endpoint";
        }
        String clean = reason.replaceAll("\\p{Cntrl}", " ");
        return "denied by the HTTP auth endpoint: "
                + (clean.length() <= MAX_REASON_LENGTH ? clean : clean.substring(0, MAX_REASON_LENGTH));
    }

    private static ClientType clientType(JsonNode root, HttpAuthConfig config) {
        String type = text(root, "clientType");
        if (type == null) {
            return config.defaultClientType();
        }
        try {
            return ClientType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's answer has an unknown clientType");
        }
    }

    private static AuthRules rules(JsonNode root, HttpAuthConfig config) {
        JsonNode rules = root.get("authRules");
        if (rules == null || rules.isNull()) {
            return config.authRules();
        }
        if (!rules.isObject()) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's authRules is not an object");
        }
        AuthRules parsed =
                new AuthRules(patterns(rules.get("pubAuthRulePatterns")), patterns(rules.get("subAuthRulePatterns")));
        try {
            AclRules.validate(parsed);
        } catch (IllegalArgumentException e) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's authRules are invalid: " + e.getMessage());
        }
        return parsed;
    }

    /** A list of patterns; absent or null: none. */
    private static List<String> patterns(JsonNode node) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray() || node.size() > AclRules.MAX_PATTERNS) {
            throw new HttpAuthUnavailable(
                    "HTTP auth endpoint's rule patterns must be an array of at most " + AclRules.MAX_PATTERNS);
        }
        List<String> patterns = new ArrayList<>(node.size());
        for (JsonNode pattern : node) {
            if (!pattern.isString()) {
                throw new HttpAuthUnavailable("HTTP auth endpoint's rule patterns must be strings");
            }
            patterns.add(pattern.stringValue());
        }
        return patterns;
    }

    private static String text(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw new HttpAuthUnavailable("HTTP auth endpoint's " + field + " is not a string");
        }
        return node.stringValue();
    }
}
