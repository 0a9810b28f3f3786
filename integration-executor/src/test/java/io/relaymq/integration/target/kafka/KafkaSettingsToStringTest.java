package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Checked;
import io.relaymq.integration.target.config.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class KafkaSettingsToStringTest {

    @Test
    void theSaslPasswordIsLeftOut() {
        ObjectNode c = (ObjectNode) Json.of(
                "{'bootstrapServers': 'kafka-1:9092', 'topic': 'mqtt.in'," + " 'securityProtocol': 'SASL_SSL'}");
        c.putObject("sasl").put("mechanism", "PLAIN").put("username", "u").put("password", "kafka-secret");
        Checked<KafkaSettings> checked = KafkaConfig.read(c);
        assertThat(checked.problems()).isEmpty();

        assertThat(checked.settings().toString()).doesNotContain("kafka-secret").contains("password=<hidden>");
    }
}
