package io.relaymq.broker.api.provider;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.auth.AuthProviderService;
import io.relaymq.broker.auth.provider.BasicAuthStrategy;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * MQTT authentication providers (MQTT_BASIC, X_509, JWT, HTTP): list, get, enable, disable, configure, and the
 * MQTT_BASIC credentials matching strategy. There is one of each type; its id is derived from the type, so it
 * is the same on every installation.
 */
@RestController
@RequestMapping("/api/mqtt/auth")
class AuthProviderController {

    record ProviderView(UUID id, AuthProviderType type, boolean enabled, JsonNode configuration) {}

    /** TBMQ's save body: the type, whether it is on, and its configuration object. */
    record SaveRequest(
            UUID id,
            @NotNull AuthProviderType type,
            Boolean enabled,
            @NotNull JsonNode configuration) {}

    private static final Map<String, Comparator<ProviderView>> SORTS = Map.of(
            "type", Comparator.comparing(ProviderView::type), "enabled", Comparator.comparing(ProviderView::enabled));

    private final AuthProviderService providers;
    private final ObjectMapper json;

    AuthProviderController(AuthProviderService providers, ObjectMapper json) {
        this.providers = providers;
        this.json = json;
    }

    @GetMapping(
            value = "/providers",
            params = {"pageSize", "page"})
    PageData<ProviderView> page(@Valid PageQuery query) {
        return PageData.ofAll(all(), query, p -> p.type().name(), SORTS, "type");
    }

    @GetMapping(value = "/providers", params = "!pageSize")
    List<ProviderView> all() {
        return providers.list().stream().map(this::view).toList();
    }

    @GetMapping("/provider/{id}")
    ProviderView get(@PathVariable UUID id) {
        return view(row(typeOf(id)));
    }

    @GetMapping("/provider/type/{type}")
    ProviderView byType(@PathVariable AuthProviderType type) {
        return view(row(type));
    }

    /** How MQTT_BASIC matches credentials, as a JSON string ({@code "CLIENT_ID_AND_USERNAME"} unless configured). */
    @GetMapping("/provider/basic/strategy")
    BasicAuthStrategy basicStrategy() {
        return BasicAuthStrategy.of(row(AuthProviderType.MQTT_BASIC).configuration());
    }

    @PostMapping("/provider")
    ProviderView save(@Valid @RequestBody SaveRequest body) {
        if (!body.configuration().isObject()) {
            throw new IllegalArgumentException("configuration must be a JSON object");
        }
        providers.configure(body.type(), body.configuration().toString());
        if (body.enabled() != null) {
            providers.setEnabled(body.type(), body.enabled());
        }
        return view(row(body.type()));
    }

    @PostMapping("/provider/{id}/enable")
    ProviderView enable(@PathVariable UUID id) {
        providers.setEnabled(typeOf(id), true);
        return get(id);
    }

    @PostMapping("/provider/{id}/disable")
    ProviderView disable(@PathVariable UUID id) {
        providers.setEnabled(typeOf(id), false);
        return get(id);
    }

    static UUID idOf(AuthProviderType type) {
        return UUID.nameUUIDFromBytes(("relaymq-auth-provider-" + type.name()).getBytes(StandardCharsets.UTF_8));
    }

    private static AuthProviderType typeOf(UUID id) {
        for (AuthProviderType type : AuthProviderType.values()) {
            if (idOf(type).equals(id)) {
                return type;
            }
        }
        throw new ApiNotFoundException("no auth provider " + id);
    }

    private AuthProviderRow row(AuthProviderType type) {
        return providers.list().stream()
                .filter(r -> r.type() == type)
                .findFirst()
                .orElseThrow(() -> new ApiNotFoundException("no auth provider of type " + type));
    }

    private ProviderView view(AuthProviderRow row) {
        String config = row.configuration() == null || row.configuration().isBlank() ? "{}" : row.configuration();
        return new ProviderView(idOf(row.type()), row.type(), row.enabled(), json.readTree(config));
    }
}
