package io.relaymq.broker.auth.provider;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands {@code ${clientId}} and {@code ${username}} in a configured claim value in one pass over the
 * configured text: a substituted value is never scanned again, so a client id that contains
 * {@code ${username}} stays literal. A placeholder whose value is absent makes the whole value absent, so
 * it can match nothing.
 */
final class ClaimPlaceholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(clientId|username)}");

    private ClaimPlaceholders() {}

    /** {@code template} with its placeholders replaced; empty when one of them has no value. */
    static Optional<String> expand(String template, String clientId, String username) {
        Map<String, String> values = new HashMap<>();
        values.put("clientId", clientId);
        values.put("username", username);
        Matcher matcher = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length());
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                return Optional.empty();
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return Optional.of(out.toString());
    }
}
