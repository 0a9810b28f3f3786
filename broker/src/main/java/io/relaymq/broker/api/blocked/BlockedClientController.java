package io.relaymq.broker.api.blocked;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClient.RegexMatchTarget;
import io.relaymq.broker.auth.blocked.BlockedClients;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Comparator;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Blocked clients (by client id, user name, address or regex; checked at CONNECT on every node). */
@RestController
@RequestMapping("/api")
class BlockedClientController {

    record BlockRequest(
            @NotNull BlockedType type,
            @NotBlank @Size(max = 1024) String value,
            @Min(0) Long expirationTime,
            @Size(max = 1024) String description,
            RegexMatchTarget regexMatchTarget) {}

    private static final Map<String, Comparator<BlockedClient>> SORTS = Map.of(
            "type", Comparator.comparing(BlockedClient::type),
            "value", Comparator.comparing(BlockedClient::value),
            "expirationTime", Comparator.comparingLong(BlockedClient::expirationTime));

    private final BlockedClients blocked;

    BlockedClientController(BlockedClients blocked) {
        this.blocked = blocked;
    }

    @PostMapping("/blockedClient")
    BlockedClient block(@Valid @RequestBody BlockRequest body) {
        BlockedClient client = new BlockedClient(
                body.type(),
                body.value(),
                body.expirationTime() == null ? 0 : body.expirationTime(),
                body.description(),
                body.regexMatchTarget());
        blocked.block(client);
        return client;
    }

    @DeleteMapping("/blockedClient")
    ResponseEntity<Void> unblock(
            @RequestParam BlockedType type,
            @RequestParam @NotBlank String value,
            @RequestParam(required = false) RegexMatchTarget regexMatchTarget) {
        String key = blocked.list().stream()
                .filter(c -> c.type() == type
                        && c.value().equals(value)
                        && (regexMatchTarget == null || regexMatchTarget == c.regexMatchTarget()))
                .map(BlockedClient::key)
                .findFirst()
                .orElseThrow(() -> new ApiNotFoundException("no block of " + type + " " + value));
        blocked.unblock(key);
        return ResponseEntity.ok().build();
    }

    @GetMapping(
            value = {"/blockedClient", "/v2/blockedClient"},
            params = {"pageSize", "page"})
    PageData<BlockedClient> list(@Valid PageQuery query) {
        return PageData.ofAll(blocked.list(), query, c -> c.value() + " " + c.description(), SORTS, "value");
    }
}
