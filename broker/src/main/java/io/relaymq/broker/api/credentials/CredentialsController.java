package io.relaymq.broker.api.credentials;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsFilter;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * MQTT client credentials with TBMQ's paths and bodies. {@code credentialsValue} is a JSON document in a
 * string, as TBMQ sends it; a JSON object is accepted as well. Passwords are stored as bcrypt hashes and
 * never shown; saving existing credentials without a password keeps theirs (change it with
 * {@code POST …/{id}}).
 */
@RestController
@RequestMapping("/api")
class CredentialsController {

    record SaveRequest(
            UUID id,
            @NotBlank @Size(max = 255) String name,
            @NotNull ClientType clientType,
            @NotNull CredentialsType credentialsType,
            @NotNull JsonNode credentialsValue,
            JsonNode additionalInfo) {

        String valueJson() {
            return credentialsValue.isString() ? credentialsValue.asString() : credentialsValue.toString();
        }

        /** The additional info as JSON text (null: keep what is stored), at most 4 KB, an object. */
        String additionalInfoJson() {
            if (additionalInfo == null || additionalInfo.isNull()) {
                return null;
            }
            if (!additionalInfo.isObject()) {
                throw new IllegalArgumentException("additionalInfo must be a JSON object");
            }
            String json = additionalInfo.toString();
            if (json.length() > MAX_ADDITIONAL_INFO_CHARS) {
                throw new IllegalArgumentException(
                        "additionalInfo may have at most " + MAX_ADDITIONAL_INFO_CHARS + " characters");
            }
            return json;
        }
    }

    /** TBMQ's change-password body; {@code currentPassword} must match when the credentials have a password. */
    record ChangePasswordRequest(
            String currentPassword, @Size(max = 255) String newPassword) {}

    record CredentialsInfo(long deviceCredentialsCount, long applicationCredentialsCount, long totalCount) {}

    private static final Map<String, String> SORTS = Map.of(
            "name",
            "name",
            "createdTime",
            "created_time",
            "clientType",
            "client_type",
            "credentialsType",
            "credentials_type");

    private static final String PATH = "/mqtt/client/credentials";

    private static final int MAX_CSV_CHARS = 4_000_000;

    private static final int MAX_ADDITIONAL_INFO_CHARS = 4096;

    private final CredentialsService service;
    private final CredentialsRepository repository;
    private final CredentialsCsvImport csvImport;
    private final CredentialsBulkImport bulkImport;

    CredentialsController(CredentialsService service, CredentialsRepository repository) {
        this.service = service;
        this.repository = repository;
        this.csvImport = new CredentialsCsvImport(service, repository);
        this.bulkImport = new CredentialsBulkImport(service, repository);
    }

    @PostMapping(PATH)
    CredentialsView save(@Valid @RequestBody SaveRequest body) {
        return CredentialsView.of(service.save(
                body.id(),
                body.name(),
                body.clientType(),
                body.credentialsType(),
                body.valueJson(),
                body.additionalInfoJson()));
    }

    @GetMapping(
            value = PATH,
            params = {"pageSize", "page"})
    PageData<CredentialsView> list(@Valid PageQuery query) {
        return page(CredentialsFilter.byName(query.search()), query);
    }

    /**
     * TBMQ's filtered list: {@code textSearch} on the name, {@code clientTypeList} and
     * {@code credentialsTypeList} (comma-separated), {@code clientId}, {@code username} and
     * {@code certificateCn} as "contains".
     */
    @GetMapping(
            value = "/v2" + PATH,
            params = {"pageSize", "page"})
    PageData<CredentialsView> filtered(
            @Valid PageQuery query,
            @RequestParam(required = false) Set<ClientType> clientTypeList,
            @RequestParam(required = false) Set<CredentialsType> credentialsTypeList,
            @RequestParam(required = false) @Size(max = 255) String clientId,
            @RequestParam(required = false) @Size(max = 255) String username,
            @RequestParam(required = false) @Size(max = 255) String certificateCn) {
        return page(
                new CredentialsFilter(
                        query.search(), clientTypeList, credentialsTypeList, clientId, username, certificateCn),
                query);
    }

    private PageData<CredentialsView> page(CredentialsFilter filter, PageQuery query) {
        return PageData.of(
                repository
                        .page(
                                filter,
                                query.sortKey(SORTS, "created_time"),
                                query.ascending(),
                                query.pageSize(),
                                query.offset())
                        .stream()
                        .map(CredentialsView::of)
                        .toList(),
                repository.count(filter),
                query);
    }

    @GetMapping(value = PATH, params = "name")
    CredentialsView byName(@RequestParam String name) {
        return repository
                .findByName(name)
                .map(CredentialsView::of)
                .orElseThrow(() -> new ApiNotFoundException("no credentials named " + name));
    }

    @GetMapping(PATH + "/info")
    CredentialsInfo info() {
        Map<ClientType, Long> counts = repository.countByClientType();
        long devices = counts.get(ClientType.DEVICE);
        long applications = counts.get(ClientType.APPLICATION);
        return new CredentialsInfo(devices, applications, devices + applications);
    }

    @GetMapping(PATH + "/{id}")
    CredentialsView get(@PathVariable UUID id) {
        return repository
                .findById(id)
                .map(CredentialsView::of)
                .orElseThrow(() -> new ApiNotFoundException("no credentials " + id));
    }

    @DeleteMapping(PATH + "/{id}")
    ResponseEntity<Void> delete(@PathVariable UUID id) {
        if (!service.delete(id)) {
            throw new ApiNotFoundException("no credentials " + id);
        }
        return ResponseEntity.ok().build();
    }

    @PostMapping(PATH + "/{id}")
    CredentialsView changePassword(@PathVariable UUID id, @Valid @RequestBody ChangePasswordRequest body) {
        service.checkPassword(id, body.currentPassword());
        return CredentialsView.of(service.changePassword(id, body.newPassword()));
    }

    /** TBMQ's import: JSON with the CSV text and its column mapping; see {@link CredentialsBulkImport}. */
    @PostMapping(value = PATH + "/bulk_import", consumes = MediaType.APPLICATION_JSON_VALUE)
    CredentialsBulkImport.Result bulkImport(@Valid @RequestBody CredentialsBulkImport.Request request) {
        return bulkImport.run(request);
    }

    /** CSV with a header row; see {@link CredentialsCsvImport} for the columns. */
    @PostMapping(
            value = PATH + "/bulk_import",
            consumes = {"text/csv", MediaType.TEXT_PLAIN_VALUE})
    CredentialsCsvImport.Result csvImport(
            @RequestBody String csv, @RequestParam(defaultValue = "false") boolean update) {
        if (csv.length() > MAX_CSV_CHARS) {
            throw new IllegalArgumentException("a CSV import may have at most " + MAX_CSV_CHARS + " characters");
        }
        return csvImport.run(csv, update);
    }
}
