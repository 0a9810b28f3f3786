package io.relaymq.integration.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class IntegrationStatusRecordsTest {

    private final IntegrationStatusRecords records =
            new IntegrationStatusRecords(JsonMapper.builder().build());

    @Test
    void statusSurvivesTheTopic() {
        UUID id = UUID.randomUUID();
        var status = new IntegrationStatus(
                id, "ex-1", "hook", IntegrationType.HTTP, IntegrationState.RETRYING, 4, 2, 1, 0, "HTTP 500", 7, 6, 8);

        assertThat(records.value(records.value(status))).isEqualTo(status);
        assertThat(new String(IntegrationStatusRecords.key(id, "ex-1"), StandardCharsets.UTF_8))
                .isEqualTo(id + "/ex-1");
        assertThat(IntegrationStatusRecords.integrationId(IntegrationStatusRecords.key(id, "ex-1")))
                .isEqualTo(id);
    }

    @Test
    void theLastErrorIsCappedAt1Kb() {
        var status = new IntegrationStatus(
                UUID.randomUUID(),
                "e",
                "n",
                IntegrationType.HTTP,
                IntegrationState.ACTIVE,
                0,
                0,
                0,
                0,
                "x".repeat(5000),
                0,
                0,
                0);

        assertThat(status.lastError())
                .hasSize(IntegrationStatus.MAX_ERROR_CHARS)
                .endsWith("…");
    }

    @Test
    void oversizedOrForeignRecordsAreRefused() {
        assertThatThrownBy(() -> records.value(new byte[IntegrationStatusRecords.MAX_VALUE_BYTES + 1]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IntegrationStatusRecords.integrationId("abc".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
