package io.relaymq.integration.target;

import io.relaymq.integration.model.IntegrationMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A text with placeholders filled from a message: {@code ${topic}}, {@code ${clientId}} (the publisher),
 * {@code ${qos}}, {@code ${integrationId}} and {@code ${topicLevel.N}} (the N-th level of the topic, from 0;
 * empty when the topic has fewer levels). Used for Kafka topic and key templates and MQTT bridge topics.
 */
public final class Template {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern LEVEL = Pattern.compile("topicLevel\\.(\\d{1,3})");
    private static final Set<String> NAMES = Set.of("topic", "clientId", "qos", "integrationId");

    private final String text;

    private Template(String text) {
        this.text = text;
    }

    /** A template of {@code text}; call {@link #problems} first when the text comes from a user. */
    public static Template of(String text) {
        return new Template(text);
    }

    /** The unknown placeholders in {@code text}, as sentences naming {@code field}; empty when it is valid. */
    public static List<String> problems(String field, String text) {
        List<String> problems = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            String name = m.group(1);
            if (!NAMES.contains(name) && !LEVEL.matcher(name).matches()) {
                problems.add(field + ": unknown placeholder ${" + name + "}; known are ${topic}, ${clientId}, ${qos},"
                        + " ${integrationId} and ${topicLevel.N}");
            }
        }
        return problems;
    }

    public String render(IntegrationMessage routed) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 32);
        while (m.find()) {
            m.appendReplacement(
                    out, Matcher.quoteReplacement(value(m.group(1), routed).orElse(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Optional<String> value(String name, IntegrationMessage routed) {
        return switch (name) {
            case "topic" -> Optional.of(routed.message().topic());
            case "clientId" -> Optional.of(routed.message().publisherId());
            case "qos" -> Optional.of(Integer.toString(routed.message().qos()));
            case "integrationId" -> Optional.of(routed.integrationId().toString());
            default -> level(name, routed.message().topic());
        };
    }

    private static Optional<String> level(String name, String topic) {
        Matcher m = LEVEL.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        int index = Integer.parseInt(m.group(1));
        String[] levels = topic.split("/", -1);
        return Optional.of(index < levels.length ? levels[index] : "");
    }
}
