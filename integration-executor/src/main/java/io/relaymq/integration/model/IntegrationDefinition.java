package io.relaymq.integration.model;

import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * One integration as an administrator defined it: which messages it takes and where it delivers them.
 *
 * @param id            stable identity; the key of its records in Kafka
 * @param name          a label for people (unique is not required)
 * @param type          where it delivers
 * @param enabled       false: the broker routes nothing to it and executors close its target
 * @param topicFilters  MQTT topic filters (wildcards allowed) that select the messages it takes
 * @param configuration the type's settings as JSON (see the type's {@code TargetFactory})
 * @param version       grows with every change; an executor reopens its target when it grows
 */
public record IntegrationDefinition(
        UUID id,
        String name,
        IntegrationType type,
        boolean enabled,
        List<String> topicFilters,
        JsonNode configuration,
        long version) {

    public IntegrationDefinition {
        topicFilters = List.copyOf(topicFilters);
    }

    /** Leaves the configuration's values out (they may hold passwords and tokens): only its field names. */
    @Override
    public String toString() {
        List<String> fields = configuration == null || !configuration.isObject()
                ? List.of()
                : List.copyOf(configuration.propertyNames());
        return "IntegrationDefinition[id=" + id + ", name=" + name + ", type=" + type + ", enabled=" + enabled
                + ", topicFilters=" + topicFilters + ", configuration fields=" + fields + ", version=" + version
                + "]";
    }
}
