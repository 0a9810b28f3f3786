package io.relaymq.broker.api.settings;

import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/** The checks of the settings whose values RelayMQ reads or that TBMQ checks; each refuses with a sentence. */
final class SettingValues {

    /** A DNS name or an IPv4 address (letters, digits, hyphens and dots), or an IPv6 address. */
    private static final Pattern HOST = Pattern.compile(
            "(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
                    + "|\\[?[0-9A-Fa-f:.]{2,45}]?");

    /** A test mail holds an API request for at most this long per SMTP step. */
    static final int MAX_TIMEOUT_MILLIS = 60_000;

    private SettingValues() {}

    static SecuritySettings securitySettings(ObjectMapper json, ObjectNode value) {
        try {
            return json.treeToValue(value, SecuritySettings.class).normalized();
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not valid security settings: " + firstLine(e.getOriginalMessage()));
        }
    }

    /**
     * TBMQ's mail fields RelayMQ reads when it sends mail: a known protocol, hosts and ports (the SMTP
     * server's and the proxy's, whenever present, whether or not the proxy is enabled), a timeout.
     */
    static ObjectNode mail(ObjectNode value) {
        String protocol = text(value, "smtpProtocol", "smtp");
        if (!protocol.equals("smtp") && !protocol.equals("smtps")) {
            throw new IllegalArgumentException("mail smtpProtocol must be smtp or smtps");
        }
        host(value, "smtpHost");
        number(value, "smtpPort", 1, 65_535);
        number(value, "timeout", 1, MAX_TIMEOUT_MILLIS);
        host(value, "proxyHost");
        number(value, "proxyPort", 1, 65_535);
        return value;
    }

    /** A host name or address, if present and not empty. */
    private static void host(ObjectNode value, String field) {
        String host = text(value, field, "");
        if (!host.isEmpty() && !HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("mail " + field + " is not a host name or address");
        }
    }

    /** As TBMQ checks it: every enabled entry names a valid host; ports are 1 to 65535. */
    static ObjectNode connectivity(ObjectNode value) {
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            JsonNode info = entry.getValue();
            if (!info.isObject()) {
                throw new IllegalArgumentException("connectivity " + entry.getKey() + " must be an object");
            }
            if (info.path("enabled").asBoolean(false)
                    && !HOST.matcher(info.path("host").asString("")).matches()) {
                throw new IllegalArgumentException("connectivity " + entry.getKey() + " host is not a valid host name");
            }
            number((ObjectNode) info, "port", 1, 65_535);
        }
        return value;
    }

    /** A whole number (JSON number or numeric string, as TBMQ's UI sends either) within bounds, if present. */
    private static void number(ObjectNode value, String field, long min, long max) {
        JsonNode node = value.get(field);
        if (node == null || node.isNull() || node.isString() && node.asString().isEmpty()) {
            return;
        }
        long number;
        try {
            number = node.isNumber() && node.canConvertToLong() ? node.asLong() : Long.parseLong(node.asString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " must be a whole number");
        }
        if (number < min || number > max) {
            throw new IllegalArgumentException(field + " must be between " + min + " and " + max);
        }
    }

    private static String text(ObjectNode value, String field, String absent) {
        JsonNode node = value.get(field);
        return node == null || node.isNull() ? absent : node.asString();
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
