package io.relaymq.broker.integration;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.integration.executor.Targets;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Checks and applies what an administrator asks for: every name, filter and configuration is checked before a
 * definition reaches the cluster, the number of integrations is capped, and every change raises the version so
 * the executors reopen the target.
 */
public final class IntegrationEditor {

    /** What an administrator sends; {@code id} null for a new integration. */
    public record Draft(
            UUID id,
            String name,
            IntegrationType type,
            Boolean enabled,
            List<String> topicFilters,
            JsonNode configuration) {}

    /** A draft that was refused, with every reason. */
    public static final class Refused extends IllegalArgumentException {
        private final List<String> problems;

        Refused(List<String> problems) {
            super(String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    private static final Logger log = LoggerFactory.getLogger(IntegrationEditor.class);

    static final int MAX_NAME = 255;
    static final int MAX_FILTER = 1024;

    private final IntegrationCatalog catalog;
    private final IntegrationProperties settings;
    private final Targets targets;
    private final Clock clock;

    public IntegrationEditor(IntegrationCatalog catalog, IntegrationProperties settings, Targets targets, Clock clock) {
        this.catalog = catalog;
        this.settings = settings;
        this.targets = targets;
        this.clock = clock;
    }

    /** Creates ({@code id} null) or replaces an integration; returns what was stored. */
    public synchronized IntegrationDefinition save(Draft draft) {
        Optional<IntegrationDefinition> existing = Optional.empty();
        if (draft.id() != null) {
            existing = catalog.find(draft.id());
            if (existing.isEmpty()) {
                throw new NoSuchElementException("no integration " + draft.id());
            }
        } else if (catalog.size() >= settings.maxIntegrations()) {
            throw new Refused(List.of("the cluster holds the most integrations allowed (" + settings.maxIntegrations()
                    + ", RELAYMQ_INTEGRATIONS_MAX)"));
        }
        IntegrationDefinition checked =
                check(draft, existing.map(IntegrationDefinition::version).orElse(0L));
        catalog.save(checked);
        return checked;
    }

    /** Checks a draft without storing it; returns the definition it would become. */
    public IntegrationDefinition check(Draft draft) {
        return check(draft, 0L);
    }

    /** Makes every executor close and reopen the integration's target. */
    public synchronized IntegrationDefinition restart(UUID id) {
        IntegrationDefinition d =
                catalog.find(id).orElseThrow(() -> new NoSuchElementException("no integration " + id));
        IntegrationDefinition next = new IntegrationDefinition(
                d.id(), d.name(), d.type(), d.enabled(), d.topicFilters(), d.configuration(), nextVersion(d.version()));
        catalog.save(next);
        return next;
    }

    public boolean remove(UUID id) {
        return catalog.remove(id);
    }

    /**
     * Opens the definition's target on this node and closes it again.
     *
     * @throws IllegalArgumentException with the reason when it cannot be opened
     */
    public void tryTarget(IntegrationDefinition definition) {
        try (Target target = targets.open(definition)) {
            log.debug("integration {} target opened for a check", definition.id());
        } catch (DeliveryException e) {
            throw new Refused(List.of("the target could not be opened: " + e.getMessage()));
        }
    }

    private IntegrationDefinition check(Draft draft, long previousVersion) {
        List<String> problems = new ArrayList<>();
        String name = draft.name() == null ? "" : draft.name().strip();
        if (name.isEmpty() || name.length() > MAX_NAME) {
            problems.add("name: required, at most " + MAX_NAME + " characters");
        }
        if (draft.type() == null) {
            problems.add("type: required, one of HTTP, KAFKA, MQTT");
        }
        List<String> filters = draft.topicFilters() == null ? List.of() : draft.topicFilters();
        problems.addAll(filterProblems(filters));
        JsonNode configuration = draft.configuration();
        if (configuration == null || !configuration.isObject()) {
            problems.add("configuration: required, a JSON object");
        } else if (configuration.toString().getBytes(StandardCharsets.UTF_8).length
                > settings.maxConfigurationBytes()) {
            problems.add("configuration: larger than " + settings.maxConfigurationBytes() + " bytes");
        } else if (draft.type() != null) {
            problems.addAll(targets.problems(draft.type(), configuration));
        }
        if (!problems.isEmpty()) {
            throw new Refused(problems);
        }
        return new IntegrationDefinition(
                draft.id() == null ? UUID.randomUUID() : draft.id(),
                name,
                draft.type(),
                draft.enabled() == null || draft.enabled(),
                filters,
                configuration,
                nextVersion(previousVersion));
    }

    private List<String> filterProblems(List<String> filters) {
        List<String> problems = new ArrayList<>();
        if (filters.isEmpty() || filters.size() > settings.maxTopicFilters()) {
            problems.add("topicFilters: between 1 and " + settings.maxTopicFilters() + " filters");
            return problems;
        }
        for (String text : filters) {
            if (text == null || text.isEmpty() || text.length() > MAX_FILTER) {
                problems.add("topicFilters: each filter 1 to " + MAX_FILTER + " characters");
                continue;
            }
            Optional<TopicFilter> filter = TopicFilter.parse(text);
            if (filter.isEmpty()) {
                problems.add("topicFilters: '" + text + "' is not a valid MQTT topic filter");
            } else if (filter.get().isShared()) {
                problems.add("topicFilters: '" + text + "': executors share the work already; use the filter"
                        + " without $share/");
            }
        }
        return problems;
    }

    /** Later than every version before, also when two nodes change one integration at once. */
    private long nextVersion(long previous) {
        return Math.max(previous + 1, clock.millis());
    }
}
