package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.model.RetrySettings;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.TargetFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The target factories by type. {@link #problems} is the whole check of an integration's configuration (the
 * type's own fields and the shared {@code retry} object); the admin API calls it before it saves a definition.
 */
public final class Targets {

    private final Map<IntegrationType, TargetFactory> factories = new EnumMap<>(IntegrationType.class);

    public Targets(Collection<? extends TargetFactory> factories) {
        for (TargetFactory f : factories) {
            if (this.factories.put(f.type(), f) != null) {
                throw new IllegalArgumentException("two target factories for " + f.type());
            }
        }
    }

    /** The problems with a configuration of {@code type}, one sentence each; empty when it is valid. */
    public List<String> problems(IntegrationType type, JsonNode configuration) {
        TargetFactory factory = factories.get(type);
        if (factory == null) {
            return List.of("type: " + type + " is not supported by this executor");
        }
        if (configuration == null || !configuration.isObject()) {
            return List.of("configuration: must be a JSON object");
        }
        List<String> problems = new ArrayList<>(factory.validate(configuration));
        problems.addAll(RetrySettings.problems(configuration));
        return problems;
    }

    /** Opens the target of {@code definition}; a refused configuration is a retryable failure (it may change). */
    public Target open(IntegrationDefinition definition) throws DeliveryException {
        List<String> problems = problems(definition.type(), definition.configuration());
        if (!problems.isEmpty()) {
            throw new DeliveryException("configuration refused: " + String.join("; ", problems), true);
        }
        try {
            return factories.get(definition.type()).open(definition);
        } catch (RuntimeException e) {
            throw new DeliveryException("target failed to open: " + e, true, e);
        }
    }
}
