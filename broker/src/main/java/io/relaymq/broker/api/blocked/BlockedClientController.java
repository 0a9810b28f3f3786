package io.relaymq.broker.api.blocked;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.auth.AuthProperties;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClient.RegexMatchTarget;
import io.relaymq.broker.auth.blocked.BlockedClients;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Blocked clients (by client id, user name, address or regex; checked at CONNECT on every node), with
 * TBMQ's paths and bodies. Expired blocks stay listed for the clean-up TTL, then go.
 */
@RestController
@RequestMapping("/api")
class BlockedClientController {

    /**
     * A new block. The blocked value comes in {@code value}, or as TBMQ sends it in the field of its type:
     * {@code clientId}, {@code username}, {@code ipAddress} or (REGEX) {@code pattern}.
     */
    record BlockRequest(
            @NotNull BlockedType type,
            @Size(max = 1024) String value,
            @Size(max = 1024) String clientId,
            @Size(max = 1024) String username,
            @Size(max = 1024) String ipAddress,
            @Size(max = 1024) String pattern,
            Long expirationTime,
            @Size(max = 1024) String description,
            RegexMatchTarget regexMatchTarget) {

        String blockedValue() {
            if (value != null && !value.isBlank()) {
                return value;
            }
            String typed = switch (type) {
                case CLIENT_ID -> clientId;
                case USERNAME -> username;
                case IP_ADDRESS -> ipAddress;
                case REGEX -> pattern;
            };
            if (typed == null || typed.isBlank()) {
                throw new IllegalArgumentException("the blocked value is required (value, or the field of the type)");
            }
            return typed;
        }
    }

    private static final Map<String, Comparator<BlockedClientView>> SORTS = Map.of(
            "type", Comparator.comparing(BlockedClientView::type),
            "value", Comparator.comparing(BlockedClientView::value),
            "expirationTime", Comparator.comparingLong(BlockedClientView::expirationTime),
            "status", Comparator.comparing(BlockedClientView::status),
            "description", Comparator.comparing(v -> v.description() == null ? "" : v.description()),
            "regexMatchTarget",
                    Comparator.comparing(v -> v.regexMatchTarget() == null
                            ? ""
                            : v.regexMatchTarget().name()));

    private final BlockedClients blocked;
    private final AuthProperties auth;
    private final Clock clock;

    BlockedClientController(BlockedClients blocked, AuthProperties auth, Clock clock) {
        this.blocked = blocked;
        this.auth = auth;
        this.clock = clock;
    }

    @PostMapping("/blockedClient")
    BlockedClientView block(@Valid @RequestBody BlockRequest body) {
        long expiration = body.expirationTime() == null ? 0 : body.expirationTime();
        BlockedClient client = new BlockedClient(
                body.type(), body.blockedValue(), Math.max(0, expiration), body.description(), body.regexMatchTarget());
        blocked.block(client);
        return BlockedClientView.of(client, clock.millis(), auth.blockedTtl());
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

    /** How long an expired block stays listed, in minutes. */
    @GetMapping("/blockedClient/ttl")
    long ttlMinutes() {
        return auth.blockedTtl().toMinutes();
    }

    @GetMapping(
            value = "/blockedClient",
            params = {"pageSize", "page"})
    PageData<BlockedClientView> list(@Valid PageQuery query) {
        return page(query, v -> true);
    }

    /**
     * TBMQ's filtered list: {@code typeList} and {@code regexMatchTargetList} (comma-separated),
     * {@code value} as "contains", and {@code startTime}/{@code endTime} bounds on the expiration time.
     */
    @GetMapping(
            value = "/blockedClient/v2",
            params = {"pageSize", "page"})
    PageData<BlockedClientView> filtered(
            @Valid PageQuery query,
            @RequestParam(required = false) Set<BlockedType> typeList,
            @RequestParam(required = false) Set<RegexMatchTarget> regexMatchTargetList,
            @RequestParam(required = false) @Size(max = 1024) String value,
            @RequestParam(required = false) @Min(0) Long startTime,
            @RequestParam(required = false) @Min(0) Long endTime) {
        Predicate<BlockedClientView> filter =
                v -> typeList == null || typeList.isEmpty() || typeList.contains(v.type());
        filter = filter.and(v -> regexMatchTargetList == null
                || regexMatchTargetList.isEmpty()
                || regexMatchTargetList.contains(v.regexMatchTarget()));
        filter = filter.and(
                v -> value == null || v.value().toLowerCase(Locale.ROOT).contains(value.toLowerCase(Locale.ROOT)));
        filter = filter.and(v -> startTime == null || v.expirationTime() >= startTime);
        filter = filter.and(v -> endTime == null || v.expirationTime() <= endTime);
        return page(query, filter);
    }

    private PageData<BlockedClientView> page(PageQuery query, Predicate<BlockedClientView> filter) {
        long now = clock.millis();
        List<BlockedClientView> views = blocked.list().stream()
                .map(c -> BlockedClientView.of(c, now, auth.blockedTtl()))
                .filter(filter)
                .toList();
        return PageData.ofAll(
                views,
                query,
                v -> v.description() == null ? v.value() : v.value() + " " + v.description(),
                SORTS,
                "value");
    }
}
