package io.relaymq.integration.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Definitions;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import org.junit.jupiter.api.Test;

class SecretsInToStringTest {

    @Test
    void aDefinitionShowsItsConfigurationFieldNamesButNotTheirValues() {
        IntegrationDefinition d = Definitions.of(
                IntegrationType.MQTT,
                Json.of("{'host': 'remote.example.com', 'username': 'bridge', 'password': 's3cret-pw'}"));

        String text = d.toString();

        assertThat(text).doesNotContain("s3cret-pw").doesNotContain("remote.example.com");
        assertThat(text).contains("password").contains("host").contains(Messages.INTEGRATION.toString());
    }
}
