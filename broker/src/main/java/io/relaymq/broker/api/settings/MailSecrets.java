package io.relaymq.broker.api.settings;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The secret fields of the {@code mail} setting: stored, used to log in to the SMTP server, never
 * answered. A save that leaves one out keeps the stored one, as TBMQ does (its UI never has them).
 */
final class MailSecrets {

    static final List<String> FIELDS = List.of("password", "proxyPassword");

    private MailSecrets() {}

    /** A copy of {@code value} without the secrets. */
    static ObjectNode withoutSecrets(ObjectNode value) {
        ObjectNode copy = value.deepCopy();
        FIELDS.forEach(copy::remove);
        return copy;
    }

    /** A copy of {@code given} with each secret it lacks (or has as null) taken from {@code stored}. */
    static ObjectNode withStoredSecrets(ObjectNode given, JsonNode stored) {
        ObjectNode copy = given.deepCopy();
        for (String field : FIELDS) {
            JsonNode value = copy.get(field);
            if ((value == null || value.isNull()) && stored != null && stored.hasNonNull(field)) {
                copy.set(field, stored.get(field));
            }
        }
        return copy;
    }
}
