package io.relaymq.integration.target.config;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads the fields of one JSON object of a target configuration, checking type, size and range of each, and
 * collects every problem as a sentence naming the field (with its path, e.g. {@code sasl.username}). A field
 * with a problem reads as its default, so one pass both validates a configuration and builds its settings.
 */
public final class ConfigReader {

    private static final int MAX_NAMED = 10;

    private final JsonNode node;
    private final String path;
    private final List<String> problems;

    private ConfigReader(JsonNode node, String path, List<String> problems) {
        this.node = node;
        this.path = path;
        this.problems = problems;
    }

    /** A reader of a whole configuration; a missing or non-object configuration is a problem. */
    public static ConfigReader of(JsonNode configuration) {
        List<String> problems = new ArrayList<>();
        if (configuration == null || !configuration.isObject()) {
            problems.add("configuration: must be a JSON object");
        }
        return new ConfigReader(configuration, "", problems);
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Records a problem about {@code field} of this object. */
    public void problem(String field, String sentence) {
        problems.add(name(field) + ": " + sentence);
    }

    public boolean has(String field) {
        return node != null
                && node.isObject()
                && node.has(field)
                && !node.get(field).isNull();
    }

    /** Reports the fields that are not one of {@code known} (the first few by name, shortened). */
    public void onlyFields(Set<String> known) {
        if (node == null || !node.isObject()) {
            return;
        }
        List<String> unknown =
                node.propertyNames().stream().filter(f -> !known.contains(f)).toList();
        unknown.stream().limit(MAX_NAMED).forEach(field -> problem(shorten(field), "unknown field"));
        if (unknown.size() > MAX_NAMED) {
            problems.add((path.isEmpty() ? "configuration" : path.substring(0, path.length() - 1)) + ": "
                    + (unknown.size() - MAX_NAMED) + " more unknown fields");
        }
    }

    private static String shorten(String name) {
        String clean = Texts.isClean(name) ? name : "(a name with control characters)";
        return clean.length() <= 64 ? clean : clean.substring(0, 64) + "…";
    }

    /** A text of at most {@code maxLength} characters without control characters. */
    public Optional<String> text(String field, int maxLength) {
        if (!has(field)) {
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isString()) {
            problem(field, "must be a string");
            return Optional.empty();
        }
        String text = value.asString();
        if (text.length() > maxLength) {
            problem(field, "must be at most " + maxLength + " characters");
            return Optional.empty();
        }
        if (!Texts.isClean(text)) {
            problem(field, "must be well-formed text without control characters");
            return Optional.empty();
        }
        return Optional.of(text);
    }

    /**
     * A PEM text (ASCII, lines of at most {@code maxLength} characters in all): the certificates it holds, each
     * checked by parsing it. An empty list when absent or with a problem.
     */
    public List<X509Certificate> certificates(String field, int maxLength) {
        return pem(field, maxLength)
                .map(text -> {
                    try {
                        return Pem.certificates(text);
                    } catch (IllegalArgumentException e) {
                        problem(field, e.getMessage());
                        return List.<X509Certificate>of();
                    }
                })
                .orElse(List.of());
    }

    /** A PEM private key in PKCS #8 form, as DER bytes, checked by parsing it; empty when absent or bad. */
    public Optional<byte[]> privateKey(String field, int maxLength) {
        return pem(field, maxLength).flatMap(text -> {
            try {
                return Optional.of(Pem.privateKey(text));
            } catch (IllegalArgumentException e) {
                problem(field, e.getMessage());
                return Optional.empty();
            }
        });
    }

    private Optional<String> pem(String field, int maxLength) {
        if (!has(field)) {
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isString() || value.asString().length() > maxLength) {
            problem(field, "must be a PEM text of at most " + maxLength + " characters");
            return Optional.empty();
        }
        return Optional.of(value.asString());
    }

    /** A required text; a missing or empty one is a problem. */
    public String requiredText(String field, int maxLength) {
        Optional<String> text = text(field, maxLength);
        if (!has(field)) {
            problem(field, "is required");
        } else if (text.isPresent() && text.get().isEmpty()) {
            problem(field, "must not be empty");
        }
        return text.orElse("");
    }

    public int integer(String field, int min, int max, int fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode value = node.get(field);
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < min || value.asInt() > max) {
            problem(field, "must be a whole number from " + min + " to " + max);
            return fallback;
        }
        return value.asInt();
    }

    public boolean bool(String field, boolean fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode value = node.get(field);
        if (!value.isBoolean()) {
            problem(field, "must be true or false");
            return fallback;
        }
        return value.asBoolean();
    }

    /** One of {@code allowed} (compared exactly), or {@code fallback} when absent. */
    public String oneOf(String field, List<String> allowed, String fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode value = node.get(field);
        String text = value.isString() || value.isIntegralNumber() ? value.asString() : null;
        if (text == null || !allowed.contains(text)) {
            problem(field, "must be one of " + String.join(", ", allowed));
            return fallback;
        }
        return text;
    }

    /** The nested object {@code field}, if present; not an object is a problem. */
    public Optional<ConfigReader> object(String field) {
        if (!has(field)) {
            return Optional.empty();
        }
        JsonNode value = node.get(field);
        if (!value.isObject()) {
            problem(field, "must be a JSON object");
            return Optional.empty();
        }
        return Optional.of(new ConfigReader(value, name(field) + ".", problems));
    }

    /**
     * The object {@code field} as a map of text values, in order: at most {@code maxEntries} entries, names of
     * 1 to {@code maxName} characters, values of at most {@code maxValue} characters.
     */
    public Map<String, String> textMap(String field, int maxEntries, int maxName, int maxValue) {
        Map<String, String> result = new LinkedHashMap<>();
        Optional<ConfigReader> nested = object(field);
        if (nested.isEmpty()) {
            return result;
        }
        JsonNode map = node.get(field);
        if (map.size() > maxEntries) {
            problem(field, "must have at most " + maxEntries + " entries");
            return result;
        }
        for (Map.Entry<String, JsonNode> entry : map.properties()) {
            String name = entry.getKey();
            if (name.isEmpty() || name.length() > maxName || !Texts.isClean(name)) {
                problem(field, "names must be 1 to " + maxName + " characters without control characters");
            } else if (!entry.getValue().isString()) {
                nested.get().problem(name, "must be a string");
            } else {
                nested.get().text(name, maxValue).ifPresent(value -> result.put(name, value));
            }
        }
        return result;
    }

    private String name(String field) {
        return path + field;
    }
}
