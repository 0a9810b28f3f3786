package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class KafkaRecordsTest {

    private static KafkaRecords records(ObjectNode configuration) {
        var checked = KafkaConfig.read(configuration);
        assertThat(checked.problems()).isEmpty();
        return new KafkaRecords(checked.settings(), new MessageJson(Json.mapper()));
    }

    private static ObjectNode config(String topic) {
        return ((ObjectNode) Json.of("{'bootstrapServers': 'k:9092'}")).put("topic", topic);
    }

    @Test
    void rendersTopicAndKeyAndKeepsThePayload() throws DeliveryException {
        ProducerRecord<byte[], byte[]> r =
                records(config("mqtt.${topicLevel.1}")).record(Messages.plain("site/hall-3/temp", "dev-1", "21.5"));

        assertThat(r.topic()).isEqualTo("mqtt.hall-3");
        assertThat(new String(r.key(), StandardCharsets.UTF_8)).isEqualTo("dev-1");
        assertThat(new String(r.value(), StandardCharsets.UTF_8)).isEqualTo("21.5");
        assertThat(r.headers().toArray()).isEmpty();
    }

    @Test
    void anEmptyKeyTemplateSendsNoKey() throws DeliveryException {
        ObjectNode c = config("t").put("key", "");

        assertThat(records(c).record(Messages.plain("a", "dev-1", "x")).key()).isNull();
    }

    @Test
    void jsonValueIsTheMessageJson() throws DeliveryException {
        ObjectNode c = config("t").put("value", "JSON");

        byte[] value =
                records(c).record(Messages.plain("a/b", "dev-1", "hello")).value();

        JsonNode json = Json.mapper().readTree(value);
        assertThat(json.get("topic").asString()).isEqualTo("a/b");
        assertThat(json.get("payload").asString()).isEqualTo("hello");
        assertThat(json.get("integrationId").asString()).isEqualTo(Messages.INTEGRATION.toString());
    }

    @Test
    void staticHeadersComeFirstThenUserPropertiesWhenForwarded() throws DeliveryException {
        ObjectNode c = config("t").put("forwardUserProperties", true);
        c.putObject("headers").put("source", "relaymq");

        ProducerRecord<byte[], byte[]> r = records(c).record(Messages.withProperties("a", 1, false, "x"));

        List<String> headers = java.util.Arrays.stream(r.headers().toArray())
                .map(h -> h.key() + "=" + new String(h.value(), StandardCharsets.UTF_8))
                .toList();
        assertThat(headers).containsExactly("source=relaymq", "trace=t-1", "trace=t-2");
        c.put("forwardUserProperties", false);
        Header[] without = records(c)
                .record(Messages.withProperties("a", 1, false, "x"))
                .headers()
                .toArray();
        assertThat(without).extracting(Header::key).containsExactly("source");
    }

    @Test
    void anIllegalRenderedTopicIsNotRetryable() {
        KafkaRecords records = records(config("in.${topicLevel.0}"));

        assertThatThrownBy(() -> records.record(Messages.plain("bad topic/x", "dev-1", "x")))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("may hold only letters")
                .hasMessageContaining("in.bad topic");
        assertThatThrownBy(() -> records(config("${topicLevel.5}")).record(Messages.plain("a", "d", "x")))
                .hasMessageContaining("the topic name is empty");
        assertThatThrownBy(() -> records(config("${clientId}")).record(Messages.plain("a", "c".repeat(250), "x")))
                .hasMessageContaining("longer than 249");
    }

    @Test
    void aRenderedTopicOfRelayMqOrKafkaItselfIsRefusedAndNotRetryable() throws DeliveryException {
        KafkaRecords records = records(config("${topicLevel.0}"));

        assertThatThrownBy(() -> records.record(Messages.plain("relaymq.integrations", "dev-1", "x")))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("may not start with 'relaymq.'")
                .hasMessageContaining("relaymq.integrations");
        assertThatThrownBy(() -> records.record(Messages.plain("__consumer_offsets", "dev-1", "x")))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("may not start with '__'");
        assertThat(records.record(Messages.plain("relaymq_data", "dev-1", "x")).topic())
                .isEqualTo("relaymq_data");
    }
}
