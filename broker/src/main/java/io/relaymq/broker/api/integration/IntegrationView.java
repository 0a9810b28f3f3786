package io.relaymq.broker.api.integration;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationType;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An integration as the API shows it.
 *
 * @param version grows with every change and restart; executors reopen the target when it grows
 * @param status  what each live executor reports about it (one entry per executor that has it open)
 */
record IntegrationView(
        UUID id,
        String name,
        IntegrationType type,
        boolean enabled,
        List<String> topicFilters,
        JsonNode configuration,
        long version,
        List<IntegrationStatus> status) {

    static IntegrationView of(IntegrationDefinition d, List<IntegrationStatus> status) {
        return new IntegrationView(
                d.id(), d.name(), d.type(), d.enabled(), d.topicFilters(), d.configuration(), d.version(), status);
    }
}
