package io.relaymq.broker.api.unauthorized;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.dao.auth.UnauthorizedClient;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.auth.UnauthorizedFilter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The log of refused connection attempts (latest per client id): list, get, delete one or all. */
@RestController
@RequestMapping("/api")
class UnauthorizedClientController {

    private static final Map<String, String> SORTS = Map.of(
            "ts", "ts", "clientId", "client_id", "username", "username", "ipAddress", "ip_address", "reason", "reason");

    private final UnauthorizedClientRepository repository;

    UnauthorizedClientController(UnauthorizedClientRepository repository) {
        this.repository = repository;
    }

    @GetMapping(
            value = "/unauthorized/client",
            params = {"pageSize", "page"})
    PageData<UnauthorizedClient> list(@Valid PageQuery query) {
        return page(UnauthorizedFilter.search(query.search()), query);
    }

    /**
     * TBMQ's filtered list: {@code clientId}, {@code ipAddress}, {@code username}, {@code reason} as
     * "contains", {@code passwordProvidedList} and {@code tlsUsedList} (comma-separated true/false), and
     * the time of the refusal between {@code startTime} and {@code endTime}.
     */
    @GetMapping(
            value = "/unauthorized/client/v2",
            params = {"pageSize", "page"})
    PageData<UnauthorizedClient> filtered(
            @Valid PageQuery query,
            @RequestParam(required = false) @Size(max = 255) String clientId,
            @RequestParam(required = false) @Size(max = 255) String ipAddress,
            @RequestParam(required = false) @Size(max = 255) String username,
            @RequestParam(required = false) @Size(max = 1024) String reason,
            @RequestParam(required = false) Set<Boolean> passwordProvidedList,
            @RequestParam(required = false) Set<Boolean> tlsUsedList,
            @RequestParam(required = false) Long startTime,
            @RequestParam(required = false) Long endTime) {
        return page(
                new UnauthorizedFilter(
                        query.search(),
                        clientId,
                        ipAddress,
                        username,
                        reason,
                        passwordProvidedList,
                        tlsUsedList,
                        startTime,
                        endTime),
                query);
    }

    private PageData<UnauthorizedClient> page(UnauthorizedFilter filter, PageQuery query) {
        String sort = query.sortKey(SORTS, "ts");
        boolean ascending = query.sortOrder() == null && sort.equals("ts") ? false : query.ascending();
        return PageData.of(
                repository.page(filter, sort, ascending, query.pageSize(), query.offset()),
                repository.count(filter),
                query);
    }

    @GetMapping(value = "/unauthorized/client", params = "clientId")
    UnauthorizedClient get(@RequestParam @NotBlank String clientId) {
        return repository.find(clientId).orElseThrow(() -> new ApiNotFoundException("no refused client " + clientId));
    }

    @DeleteMapping(value = "/unauthorized/client", params = "clientId")
    ResponseEntity<Void> delete(@RequestParam @NotBlank String clientId) {
        if (!repository.delete(clientId)) {
            throw new ApiNotFoundException("no refused client " + clientId);
        }
        return ResponseEntity.ok().build();
    }

    @DeleteMapping(value = "/unauthorized/client", params = "!clientId")
    ResponseEntity<Void> deleteAll() {
        repository.deleteAll();
        return ResponseEntity.ok().build();
    }
}
