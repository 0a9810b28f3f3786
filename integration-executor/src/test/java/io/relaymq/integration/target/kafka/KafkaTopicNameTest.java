package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KafkaTopicNameTest {

    @Test
    void acceptsLegalNames() {
        assertThat(KafkaTopicName.problem("mqtt.in_1-a")).isEmpty();
        assertThat(KafkaTopicName.problem("t".repeat(249))).isEmpty();
    }

    @Test
    void refusesIllegalNames() {
        assertThat(KafkaTopicName.problem("")).hasValue("the topic name is empty");
        assertThat(KafkaTopicName.problem(".")).hasValue("the topic name may not be '.' or '..'");
        assertThat(KafkaTopicName.problem("..")).isPresent();
        assertThat(KafkaTopicName.problem("t".repeat(250))).hasValue("the topic name is longer than 249 characters");
        assertThat(KafkaTopicName.problem("a/b"))
                .hasValue("the topic name may hold only letters, digits, '.', '_' and '-'");
        assertThat(KafkaTopicName.problem("a b")).isPresent();
        assertThat(KafkaTopicName.problem("ü")).isPresent();
    }

    @Test
    void refusesRelayMqAndKafkaInternalTopics() {
        assertThat(KafkaTopicName.problem("relaymq.integrations"))
                .hasValueSatisfying(p -> assertThat(p).contains("may not start with 'relaymq.'"));
        assertThat(KafkaTopicName.problem("relaymq.integration.msg")).isPresent();
        assertThat(KafkaTopicName.problem("__consumer_offsets")).isPresent();
        assertThat(KafkaTopicName.problem("_single")).isEmpty();
        assertThat(KafkaTopicName.problem("relaymq")).isEmpty();
    }
}
