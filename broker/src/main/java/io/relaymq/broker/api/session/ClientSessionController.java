package io.relaymq.broker.api.session;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Client sessions of the whole cluster: list with filters, details, disconnect, remove. The filters are
 * those of TBMQ's {@code /api/v2/client-session}: comma-separated lists {@code connectedStatusList}
 * (CONNECTED, DISCONNECTED), {@code clientTypeList}, {@code nodeIdList}, {@code cleanStartList}; a
 * subscription count compared by {@code subscriptionOperation}; {@code clientIpAddress} as "contains";
 * and {@code startTime}/{@code endTime} on the connect (or, disconnected, disconnect) time.
 */
@RestController
@RequestMapping("/api")
class ClientSessionController {

    record SessionStats(long connectedCount, long disconnectedCount, long totalCount) {}

    /** How a session's subscription count is compared with {@code subscriptions}. */
    enum Comparison {
        EQUAL,
        NOT_EQUAL,
        GREATER,
        LESS,
        GREATER_OR_EQUAL,
        LESS_OR_EQUAL;

        boolean test(int count, int bound) {
            return switch (this) {
                case EQUAL -> count == bound;
                case NOT_EQUAL -> count != bound;
                case GREATER -> count > bound;
                case LESS -> count < bound;
                case GREATER_OR_EQUAL -> count >= bound;
                case LESS_OR_EQUAL -> count <= bound;
            };
        }
    }

    /** The longest client id MQTT allows (a UTF-8 string of at most 65535 bytes). */
    static final int MAX_CLIENT_ID = 65_535;

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
            @RequestParam(required = false) List<Boolean> cleanStartList,
            @RequestParam(required = false) @Min(0) Integer subscriptions,
            @RequestParam(defaultValue = "EQUAL") Comparison subscriptionOperation,
            @RequestParam(required = false) @Size(max = 255) String clientIpAddress,
            @RequestParam(required = false) Long startTime,
            @RequestParam(required = false) Long endTime) {
        Predicate<SessionView> filter = in(connectedStatusList, SessionView::connectionState)
                .and(in(clientTypeList, SessionView::clientType))
                .and(in(nodeIdList, SessionView::nodeId))
                .and(v -> cleanStartList == null || cleanStartList.isEmpty() || cleanStartList.contains(v.cleanStart()))
                .and(v -> subscriptions == null || subscriptionOperation.test(v.subscriptionsCount(), subscriptions))
                .and(v -> clientIpAddress == null
                        || (v.clientIpAdr() != null
                                && v.clientIpAdr()
                                        .toLowerCase(Locale.ROOT)
                                        .contains(clientIpAddress.toLowerCase(Locale.ROOT))))
                .and(v -> between(v, startTime, endTime));
        List<SessionView> matching = sessions.all().stream().filter(filter).toList();
        return PageData.ofAll(matching, query, SessionView::clientId, SORTS, "clientId");
    }

    @GetMapping(value = "/client-session", params = "clientId")
    SessionView byClientId(@RequestParam @NotBlank @Size(max = MAX_CLIENT_ID) String clientId) {
        return sessions.details(clientId);
    }

    /** One session with its subscriptions and message counts ({@code storedMessages}, {@code inFlightMessages}). */
    @GetMapping("/client-session/details")
    SessionView details(@RequestParam @NotBlank @Size(max = MAX_CLIENT_ID) String clientId) {
        return sessions.details(clientId);
    }

    @GetMapping("/client-session/info")
    SessionStats info() {
        List<SessionView> all = sessions.all();
        long connected = all.stream().filter(SessionView::connected).count();
        return new SessionStats(connected, all.size() - connected, all.size());
    }

    /**
     * Closes the client's connection (5.0: DISCONNECT 0x98); a persistent session stays. With {@code sessionId},
     * only while that is the client's current session id (404 otherwise, as for a client without a session).
     */
    @DeleteMapping("/client-session/disconnect")
    ResponseEntity<Void> disconnect(
            @RequestParam @NotBlank @Size(max = MAX_CLIENT_ID) String clientId,
            @RequestParam(required = false) UUID sessionId) {
        sessions.disconnect(clientId, text(sessionId));
        return ResponseEntity.ok().build();
    }

    /**
     * Ends the session: connection closed, subscriptions and stored messages dropped. With {@code sessionId},
     * only while that is the client's current session id (404 otherwise).
     */
    @DeleteMapping("/client-session/remove")
    ResponseEntity<Void> remove(
            @RequestParam @NotBlank @Size(max = MAX_CLIENT_ID) String clientId,
            @RequestParam(required = false) UUID sessionId) {
        sessions.remove(clientId, text(sessionId));
        return ResponseEntity.ok().build();
    }

    private static String text(UUID sessionId) {
        return sessionId == null ? "" : sessionId.toString();
    }

    /** A connected session by when it connected, any other by when it disconnected; each bound inclusive, if given. */
    private static boolean between(SessionView v, Long start, Long end) {
        long at = v.connected() ? v.connectedAt() : v.disconnectedAt();
        return (start == null || at >= start) && (end == null || at <= end);
    }

    private static Predicate<SessionView> in(List<String> allowed, Function<SessionView, String> field) {
        if (allowed == null || allowed.isEmpty()) {
            return v -> true;
        }
        return v -> allowed.stream().anyMatch(a -> a.equalsIgnoreCase(field.apply(v)));
    }
}
