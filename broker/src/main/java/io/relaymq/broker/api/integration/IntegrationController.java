package io.relaymq.broker.api.integration;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.integration.IntegrationCatalog;
import io.relaymq.broker.integration.IntegrationEditor;
import io.relaymq.broker.integration.IntegrationEditor.Draft;
import io.relaymq.broker.integration.IntegrationStatuses;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Integrations, with TBMQ's paths: save (create without an id, replace with one), get, list, restart, delete and
 * check. A change reaches every node's router and every executor through the definitions topic; no node restarts.
 */
@RestController
@RequestMapping("/api")
class IntegrationController {

    /** What a client sends to save or check an integration. */
    record IntegrationRequest(
            UUID id,
            @Size(max = 1024) String name,
            IntegrationType type,
            Boolean enabled,
            @Size(max = 1000) List<@Size(max = 65535) String> topicFilters,
            JsonNode configuration) {

        /**
         * TBMQ keeps the filters inside the configuration ({@code configuration.topicFilters}); either place is
         * accepted, and the filters are taken out of the configuration.
         */
        Draft draft() {
            if (topicFilters == null
                    && configuration instanceof ObjectNode object
                    && object.get("topicFilters") instanceof ArrayNode listed
                    && listed.size() <= 1000) {
                ObjectNode rest = object.deepCopy();
                rest.remove("topicFilters");
                List<String> filters = new ArrayList<>();
                listed.forEach(f -> filters.add(f.isString() ? f.asString() : null));
                return new Draft(id, name, type, enabled, filters, rest);
            }
            return new Draft(id, name, type, enabled, topicFilters, configuration);
        }
    }

    private static final Map<String, Comparator<IntegrationView>> SORTS = Map.of(
            "name", Comparator.comparing(IntegrationView::name),
            "type", Comparator.comparing(IntegrationView::type),
            "enabled", Comparator.comparing(IntegrationView::enabled),
            "version", Comparator.comparingLong(IntegrationView::version));

    private final IntegrationCatalog catalog;
    private final IntegrationEditor editor;
    private final IntegrationStatuses statuses;

    IntegrationController(IntegrationCatalog catalog, IntegrationEditor editor, IntegrationStatuses statuses) {
        this.catalog = catalog;
        this.editor = editor;
        this.statuses = statuses;
    }

    private IntegrationView view(IntegrationDefinition d) {
        return IntegrationView.of(d, statuses.of(d.id()));
    }

    @PostMapping("/integration")
    IntegrationView save(@Valid @RequestBody IntegrationRequest body) {
        return view(editor.save(body.draft()));
    }

    @GetMapping("/integration/{id}")
    IntegrationView get(@PathVariable UUID id) {
        return view(catalog.find(id).orElseThrow(() -> new NoSuchElementException("no integration " + id)));
    }

    @GetMapping(
            value = "/integrations",
            params = {"pageSize", "page"})
    PageData<IntegrationView> list(@Valid PageQuery query) {
        List<IntegrationView> all = catalog.list().stream().map(this::view).toList();
        return PageData.ofAll(all, query, v -> v.name() + " " + v.type(), SORTS, "name");
    }

    /** Restarts the integration on every executor: its target is closed and opened again. */
    @PostMapping("/integration/{id}")
    IntegrationView restart(@PathVariable UUID id) {
        return view(editor.restart(id));
    }

    @DeleteMapping("/integration/{id}")
    ResponseEntity<Void> delete(@PathVariable UUID id) {
        if (!editor.remove(id)) {
            throw new NoSuchElementException("no integration " + id);
        }
        return ResponseEntity.ok().build();
    }

    /**
     * Checks a configuration without saving it: the same checks as a save, then the target is opened and closed
     * again on this node (the Kafka and MQTT targets connect on their first send, so for them this checks the
     * configuration). 200 when it worked, else 400 with the reason.
     */
    @PostMapping("/integration/check")
    ResponseEntity<Void> check(@Valid @RequestBody IntegrationRequest body) {
        editor.tryTarget(editor.check(body.draft()));
        return ResponseEntity.ok().build();
    }
}
