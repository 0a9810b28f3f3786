package io.relaymq.broker.api.settings;

import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The secret fields of the {@code mail} setting: stored, used to log in to the SMTP server or proxy,
 * never answered. A save or test mail that leaves one out keeps the stored one, as TBMQ does (its UI
 * never has them), but only while the server it is for stays the stored one: a stored password is not
 * handed to a host, port, protocol or user that the request names anew.
 */
final class MailSecrets {

    static final List<String> FIELDS = List.of("password", "proxyPassword");

    /** Per secret, the fields naming where it is sent; a change in any of them leaves the secret out. */
    private static final Map<String, List<String>> BOUND_TO = Map.of(
            "password", List.of("smtpHost", "smtpPort", "smtpProtocol", "username"),
            "proxyPassword", List.of("proxyHost", "proxyPort", "proxyUser"));

    private MailSecrets() {}

    /** A copy of {@code value} without the secrets. */
    static ObjectNode withoutSecrets(ObjectNode value) {
        ObjectNode copy = value.deepCopy();
        FIELDS.forEach(copy::remove);
        return copy;
    }

    /**
     * A copy of {@code given} with each secret it lacks (or has as null) taken from {@code stored}, if
     * the fields naming that secret's server and user are the same in both; otherwise the secret stays
     * absent.
     */
    static ObjectNode withStoredSecrets(ObjectNode given, JsonNode stored) {
        ObjectNode copy = given.deepCopy();
        for (String field : FIELDS) {
            JsonNode value = copy.get(field);
            if ((value == null || value.isNull())
                    && stored != null
                    && stored.hasNonNull(field)
                    && sameServer(field, given, stored)) {
                copy.set(field, stored.get(field));
            }
        }
        return copy;
    }

    private static boolean sameServer(String secret, JsonNode given, JsonNode stored) {
        return BOUND_TO.get(secret).stream().allMatch(f -> normalized(f, given).equals(normalized(f, stored)));
    }

    /** A field as text: absent and null are "" (smtpProtocol: "smtp"), a number 25 and a string "25" agree. */
    private static String normalized(String field, JsonNode value) {
        JsonNode node = value.get(field);
        String text = node == null || node.isNull() ? "" : node.asString().strip();
        return text.isEmpty() && field.equals("smtpProtocol") ? "smtp" : text;
    }
}
