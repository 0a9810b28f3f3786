package io.relaymq.integration.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class IntegrationRecordsTest {

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final IntegrationRecords records = new IntegrationRecords(mapper);

    @Test
    void definitionSurvivesTheTopic() {
        var config = mapper.createObjectNode().put("url", "http://127.0.0.1:1/x");
        var d = new IntegrationDefinition(
                UUID.randomUUID(), "hook", IntegrationType.HTTP, true, List.of("a/+", "$SYS/#"), config, 3);

        assertThat(records.definition(records.definition(d))).isEqualTo(d);
    }

    @Test
    void messageSurvivesTheTopic() {
        UUID id = UUID.randomUUID();
        var m = new PublishedMessage(
                "a/b", 1, false, "hi".getBytes(StandardCharsets.UTF_8), "dev-1", 5L, MessageProperties.NONE);

        IntegrationMessage back = IntegrationRecords.message(
                IntegrationRecords.key(id), IntegrationRecords.message(new IntegrationMessage(id, m, 9L)));

        assertThat(back.integrationId()).isEqualTo(id);
        assertThat(back.routedMillis()).isEqualTo(9L);
        assertThat(back.message().topic()).isEqualTo("a/b");
        assertThat(back.message().payload()).isEqualTo(m.payload());
    }

    @Test
    void theBrokersBarrierRecordsAreToldApartFromDefinitions() {
        assertThat(IntegrationRecords.isNodeMarker("\u0000marker/node-1".getBytes(StandardCharsets.UTF_8)))
                .isTrue();
        assertThat(IntegrationRecords.isNodeMarker(IntegrationRecords.key(UUID.randomUUID())))
                .isFalse();
        assertThat(IntegrationRecords.isNodeMarker(null)).isFalse();
    }

    @Test
    void malformedKeysAndValuesAreRefused() {
        assertThatThrownBy(() -> IntegrationRecords.id("x".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IntegrationRecords.message(IntegrationRecords.key(UUID.randomUUID()), new byte[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
