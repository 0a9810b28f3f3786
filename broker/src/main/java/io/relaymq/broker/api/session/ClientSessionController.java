package io.relaymq.broker.api.session;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Client sessions of the whole cluster: list with filters, details, disconnect, remove. Filters are
 * comma-separated lists, as in TBMQ's {@code /api/v2/client-session}: {@code connectedStatusList}
 * (CONNECTED, DISCONNECTED), {@code clientTypeList}, {@code nodeIdList}, {@code cleanStartList}.
 */
@RestController
@RequestMapping("/api")
class ClientSessionController {

    record SessionStats(long connectedCount, long disconnectedCount, long totalCount) {}

    private static final Map<String, Comparator<SessionView>> SORTS = Map.of(
            "clientId", Comparator.comparing(SessionView::clientId),
            "connectionState", Comparator.comparing(SessionView::connectionState),
            "clientType", Comparator.comparing(SessionView::clientType),
            "nodeId", Comparator.comparing(SessionView::nodeId),
            "subscriptionsCount", Comparator.comparingInt(SessionView::subscriptionsCount),
            "connectedAt", Comparator.comparingLong(SessionView::connectedAt),
            "clientIpAdr", Comparator.comparing(SessionView::clientIpAdr));

    private final ClusterSessions sessions;

    ClientSessionController(ClusterSessions sessions) {
        this.sessions = sessions;
    }

    @GetMapping(
            value = {"/client-session", "/v2/client-session"},
            params = {"pageSize", "page"})
    PageData<SessionView> list(
            @Valid PageQuery query,
            @RequestParam(required = false) List<String> connectedStatusList,
            @RequestParam(required = false) List<String> clientTypeList,
            @RequestParam(required = false) List<String> nodeIdList,
            @RequestParam(required = false) List<Boolean> cleanStartList) {
        Predicate<SessionView> filter = in(connectedStatusList, SessionView::connectionState)
                .and(in(clientTypeList, SessionView::clientType))
                .and(in(nodeIdList, SessionView::nodeId))
                .and(v ->
                        cleanStartList == null || cleanStartList.isEmpty() || cleanStartList.contains(v.cleanStart()));
        List<SessionView> matching = sessions.all().stream().filter(filter).toList();
        return PageData.ofAll(matching, query, SessionView::clientId, SORTS, "clientId");
    }

    @GetMapping(value = "/client-session", params = "clientId")
    SessionView byClientId(@RequestParam @NotBlank String clientId) {
        return sessions.details(clientId);
    }

    @GetMapping("/client-session/details")
    SessionView details(@RequestParam @NotBlank String clientId) {
        return sessions.details(clientId);
    }

    @GetMapping("/client-session/info")
    SessionStats info() {
        List<SessionView> all = sessions.all();
        long connected = all.stream().filter(SessionView::connected).count();
        return new SessionStats(connected, all.size() - connected, all.size());
    }

    /** Closes the client's connection (5.0: DISCONNECT 0x98); a persistent session stays. */
    @DeleteMapping("/client-session/disconnect")
    ResponseEntity<Void> disconnect(
            @RequestParam @NotBlank String clientId, @RequestParam(required = false) String sessionId) {
        sessions.disconnect(clientId);
        return ResponseEntity.ok().build();
    }

    /** Ends the session: connection closed, subscriptions and stored messages dropped. */
    @DeleteMapping("/client-session/remove")
    ResponseEntity<Void> remove(
            @RequestParam @NotBlank String clientId, @RequestParam(required = false) String sessionId) {
        sessions.remove(clientId);
        return ResponseEntity.ok().build();
    }

    private static Predicate<SessionView> in(List<String> allowed, Function<SessionView, String> field) {
        if (allowed == null || allowed.isEmpty()) {
            return v -> true;
        }
        return v -> allowed.stream().anyMatch(a -> a.equalsIgnoreCase(field.apply(v)));
    }
}
