package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import org.junit.jupiter.api.Test;

class MqttBridgeSettingsToStringTest {

    @Test
    void thePasswordIsLeftOut() {
        var checked = MqttBridgeConfig.read(
                Json.of("{'host': 'mqtt.example.com', 'username': 'u', 'password': 'mqtt-secret'}"),
                Messages.INTEGRATION);
        assertThat(checked.problems()).isEmpty();

        assertThat(checked.settings().toString()).doesNotContain("mqtt-secret");
    }
}
