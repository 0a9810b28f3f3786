package io.relaymq.broker.api.unauthorized;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.dao.auth.UnauthorizedClient;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import java.util.Map;
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
            value = {"/unauthorized/client", "/v2/unauthorized/client"},
            params = {"pageSize", "page"})
    PageData<UnauthorizedClient> list(@Valid PageQuery query) {
        String sort = query.sortKey(SORTS, "ts");
        boolean ascending = query.sortOrder() == null && sort.equals("ts") ? false : query.ascending();
        return PageData.of(
                repository.page(query.search(), sort, ascending, query.pageSize(), query.offset()),
                repository.count(query.search()),
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
