package io.relaymq.broker.auth.acl;

import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code ${clientId}}, {@code ${username}} and {@code ${cn}} stand for in a configured text (a rule
 * pattern, a JWT claim value) for one connecting client. Expansion is a single pass over the configured
 * text: a substituted value is never scanned again, so a client id that contains {@code ${username}} stays
 * literal. A placeholder whose value is absent (null or empty: no user name, no client certificate) makes
 * the whole text absent, so it can match nothing.
 *
 * @param clientId the CONNECT's client id (the assigned one when the client sent none)
 * @param username the CONNECT's user name
 * @param cn       the common name of the client certificate (the validated path's first), when there is one
 */
public record PlaceholderValues(String clientId, String username, String cn) {

    /** No values: every placeholder is absent. */
    public static final PlaceholderValues NONE = new PlaceholderValues(null, null, null);

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(clientId|username|cn)}");

    /** {@code template} with its placeholders replaced by their values as they are; empty when one is absent. */
    public Optional<String> expand(String template) {
        return expand(template, UnaryOperator.identity());
    }

    /**
     * {@code template} with each placeholder replaced by {@code quote} applied to its value (for a regular
     * expression: {@link Pattern#quote}, so the value matches only itself); empty when one is absent or
     * {@code quote} refuses it (answers null).
     */
    public Optional<String> expand(String template, UnaryOperator<String> quote) {
        Matcher matcher = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length());
        while (matcher.find()) {
            String value = valueOf(matcher.group(1));
            String replacement = value == null || value.isEmpty() ? null : quote.apply(value);
            if (replacement == null) {
                return Optional.empty();
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return Optional.of(out.toString());
    }

    /** Whether {@code template} names a placeholder. */
    public static boolean hasPlaceholder(String template) {
        return PLACEHOLDER.matcher(template).find();
    }

    private String valueOf(String name) {
        return switch (name) {
            case "clientId" -> clientId;
            case "username" -> username;
            default -> cn;
        };
    }
}
