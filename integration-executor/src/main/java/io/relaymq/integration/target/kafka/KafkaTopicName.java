package io.relaymq.integration.target.kafka;

import java.util.Optional;
import java.util.regex.Pattern;

/** Kafka's rules for a topic name, checked on a name rendered from a template. */
final class KafkaTopicName {

    static final int MAX_LENGTH = 249;
    private static final Pattern LEGAL = Pattern.compile("[a-zA-Z0-9._-]+");

    private KafkaTopicName() {}

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
        return Optional.empty();
    }
}
