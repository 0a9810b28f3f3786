package io.relaymq.integration.target.config;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Integration definitions for tests, with the id of {@link Messages#INTEGRATION}. */
public final class Definitions {

    private Definitions() {}

    public static IntegrationDefinition of(IntegrationType type, JsonNode configuration) {
        return new IntegrationDefinition(Messages.INTEGRATION, "test", type, true, List.of("#"), configuration, 1);
    }
}
