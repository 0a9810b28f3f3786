package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.config.Texts;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** MQTT's rules for a topic name (what PUBLISH carries), checked on a name rendered from a template. */
final class MqttTopicName {

    static final int MAX_BYTES = 65535;

    private MqttTopicName() {}

    /** Why {@code name} is not a valid topic name, or empty when it is one. */
    static Optional<String> problem(String name) {
        if (name.isEmpty()) {
            return Optional.of("the topic name is empty");
        }
        if (name.indexOf('+') >= 0 || name.indexOf('#') >= 0) {
            return Optional.of("the topic name holds a wildcard (+ or #)");
        }
        if (!Texts.isClean(name)) {
            // U+0000 is forbidden and other control characters make brokers such as Mosquitto drop the connection
            return Optional.of("the topic name holds a control character or is not well-formed text");
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return Optional.of("the topic name is longer than " + MAX_BYTES + " bytes in UTF-8");
        }
        return Optional.empty();
    }
}
