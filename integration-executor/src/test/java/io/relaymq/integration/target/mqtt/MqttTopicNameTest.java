package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MqttTopicNameTest {

    @Test
    void acceptsTopicNames() {
        assertThat(MqttTopicName.problem("remote/a/b")).isEmpty();
        assertThat(MqttTopicName.problem("a//b/")).isEmpty();
        assertThat(MqttTopicName.problem("Grüße/日本")).isEmpty();
        assertThat(MqttTopicName.problem("x".repeat(65535))).isEmpty();
    }

    @Test
    void refusesWhatIsNotATopicName() {
        assertThat(MqttTopicName.problem("")).hasValue("the topic name is empty");
        assertThat(MqttTopicName.problem("a/+/b")).hasValue("the topic name holds a wildcard (+ or #)");
        assertThat(MqttTopicName.problem("a/#")).isPresent();
        assertThat(MqttTopicName.problem("a\u0000b"))
                .hasValueSatisfying(p -> assertThat(p).contains("control"));
        assertThat(MqttTopicName.problem("a\u0001b")).isPresent();
        assertThat(MqttTopicName.problem("x".repeat(65536)))
                .hasValue("the topic name is longer than 65535 bytes in UTF-8");
        assertThat(MqttTopicName.problem("é".repeat(32768))).isPresent();
    }
}
