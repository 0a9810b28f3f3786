package io.relaymq.integration.target.kafka;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Kafka's rules for a topic name, checked on a name rendered from a template. */
final class KafkaTopicName {

    static final int MAX_LENGTH = 249;
    private static final Pattern LEGAL = Pattern.compile("[a-zA-Z0-9._-]+");

    private KafkaTopicName() {}

    /**
     * Prefixes of the topics an integration may not write to: RelayMQ's own ({@code relaymq.}: definitions,
     * routed messages, status, …) and Kafka's internal ones ({@code __}), which may live on the same cluster.
     */
    static final List<String> RESERVED_PREFIXES = List.of("relaymq.", "__");

    /** Why {@code name} is not a legal topic name, or empty when it is one. */
    static Optional<String> problem(String name) {
        if (name.isEmpty()) {
            return Optional.of("the topic name is empty");
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of("the topic name may not be '.' or '..'");
        }
        if (name.length() > MAX_LENGTH) {
            return Optional.of("the topic name is longer than " + MAX_LENGTH + " characters");
        }
        if (!LEGAL.matcher(name).matches()) {
            return Optional.of("the topic name may hold only letters, digits, '.', '_' and '-'");
        }
        return reservedPrefix(name);
    }

    /**
     * Why text that a topic name starts with makes it a reserved topic, or empty when it does not. Applied to
     * a whole rendered name, and to the literal start of a template before its first placeholder.
     */
    static Optional<String> reservedPrefix(String start) {
        for (String prefix : RESERVED_PREFIXES) {
            if (start.startsWith(prefix)) {
                return Optional.of("the topic name may not start with '" + prefix
                        + "': those are RelayMQ's own or Kafka's internal topics");
            }
        }
        return Optional.empty();
    }
}
