package io.relaymq.broker.api.subscription;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.api.page.TextMatch;
import io.relaymq.broker.api.session.ClusterSessions;
import io.relaymq.broker.api.session.QosLevel;
import io.relaymq.broker.api.session.SubscriptionView;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.subscription.Subscription;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A client's subscriptions (read and replace) and the cluster's shared subscription groups. */
@RestController
@RequestMapping("/api/subscription")
class SubscriptionController {

    /** The whole new subscription set of a client; filters not in it are unsubscribed. */
    record ReplaceRequest(
            @NotBlank String clientId,
            @NotNull @Size(max = 10_000) List<@Valid SubscriptionView> subscriptions) {}

    /** One member of a shared subscription group (TBMQ's fields, then its QoS). */
    record SharedMember(String clientId, String clientType, boolean connected, QosLevel qos) {}

    /** The clients sharing one {@code $share/<shareName>/<topicFilter>}. */
    record SharedGroup(String shareName, String topicFilter, List<SharedMember> clients) {}

    record ClientSubscriptionsView(String clientId, List<SubscriptionView> subscriptions) {}

    /** One subscription of one client: a row of TBMQ's paged {@code /all}. */
    record ClientSubscription(String clientId, SubscriptionView subscription) {}

    private static final Map<String, Comparator<ClientSubscription>> ROW_SORTS = Map.of(
            "clientId", Comparator.comparing(ClientSubscription::clientId),
            "topicFilter", Comparator.comparing(r -> r.subscription().topicFilter()),
            "qos", Comparator.comparing(r -> r.subscription().qos()));

    private static final Map<String, Comparator<SharedGroup>> SORTS = Map.of(
            "shareName", Comparator.comparing(SharedGroup::shareName),
            "topicFilter", Comparator.comparing(SharedGroup::topicFilter),
            "clientsCount", Comparator.comparingInt(g -> g.clients().size()));

    private final ClusterSessions sessions;

    SubscriptionController(ClusterSessions sessions) {
        this.sessions = sessions;
    }

    @GetMapping(params = "clientId")
    List<SubscriptionView> ofClient(@RequestParam @NotBlank String clientId) {
        sessions.info(clientId);
        return sessions.subscriptionsOf(clientId).stream()
                .map(SubscriptionView::of)
                .toList();
    }

    /** Replaces the subscriptions of an existing session, on the node that holds it. */
    @PostMapping
    ResponseEntity<Void> replace(@Valid @RequestBody ReplaceRequest body) {
        List<Subscription> wanted = body.subscriptions().stream()
                .map(v -> v.toSubscription(body.clientId()))
                .toList();
        sessions.replaceSubscriptions(body.clientId(), wanted);
        return ResponseEntity.ok().build();
    }

    /**
     * The shared subscription groups, {@code shareNameSearch} and {@code clientIdSearch} narrowing them
     * ("contains") besides {@code textSearch} over share name and filter.
     */
    @GetMapping(params = {"pageSize", "page"})
    PageData<SharedGroup> sharedGroups(
            @Valid PageQuery query,
            @RequestParam(required = false) @Size(max = 65535) String shareNameSearch,
            @RequestParam(required = false) @Size(max = 65535) String clientIdSearch) {
        Map<String, SessionInfo> records = sessions.records();
        Map<String, List<SharedMember>> groups = new TreeMap<>();
        sessions.allSubscriptions()
                .forEach((clientId, subscriptions) -> subscriptions.stream()
                        .filter(s -> s.filter().isShared())
                        .forEach(s -> groups.computeIfAbsent(
                                        s.filter().shareGroup() + "\n"
                                                + s.filter().filter(),
                                        k -> new ArrayList<>())
                                .add(member(
                                        clientId,
                                        records.get(clientId),
                                        s.options().qos()))));
        List<SharedGroup> all = groups.entrySet().stream()
                .map(e -> {
                    String[] key = e.getKey().split("\n", 2);
                    List<SharedMember> members = e.getValue().stream()
                            .sorted(Comparator.comparing(SharedMember::clientId))
                            .toList();
                    return new SharedGroup(key[0], key[1], members);
                })
                .filter(g -> TextMatch.contains(g.shareName(), shareNameSearch))
                .filter(g -> clientIdSearch == null
                        || g.clients().stream().anyMatch(m -> TextMatch.contains(m.clientId(), clientIdSearch)))
                .toList();
        return PageData.ofAll(all, query, g -> g.shareName() + " " + g.topicFilter(), SORTS, "shareName");
    }

    /**
     * TBMQ's list of every client's subscriptions, one row per subscription: {@code clientId} and
     * {@code topicFilter} as "contains", {@code qosList} (comma-separated), {@code subscriptionId}.
     */
    @GetMapping(
            value = "/all",
            params = {"pageSize", "page"})
    PageData<ClientSubscription> allRows(
            @Valid PageQuery query,
            @RequestParam(required = false) @Size(max = 65535) String clientId,
            @RequestParam(required = false) @Size(max = 65535) String topicFilter,
            @RequestParam(required = false) Set<Integer> qosList,
            @RequestParam(required = false) Integer subscriptionId) {
        List<ClientSubscription> rows = new ArrayList<>();
        sessions.allSubscriptions()
                .forEach((id, subscriptions) ->
                        subscriptions.forEach(s -> rows.add(new ClientSubscription(id, SubscriptionView.of(s)))));
        List<ClientSubscription> matching = rows.stream()
                .filter(r -> TextMatch.contains(r.clientId(), clientId))
                .filter(r -> TextMatch.contains(r.subscription().topicFilter(), topicFilter))
                .filter(r -> qosList == null
                        || qosList.isEmpty()
                        || qosList.contains(r.subscription().qos().value()))
                .filter(r -> subscriptionId == null
                        || subscriptionId.equals(r.subscription().subscriptionId()))
                .toList();
        return PageData.ofAll(
                matching, query, r -> r.clientId() + " " + r.subscription().topicFilter(), ROW_SORTS, "clientId");
    }

    /**
     * TBMQ clears empty branches of its subscription trie here; RelayMQ's trie drops them as they empty,
     * so there is nothing to clear and the call only answers 200.
     */
    @DeleteMapping("/topic-trie/clear")
    ResponseEntity<Void> clearTrie() {
        return ResponseEntity.ok().build();
    }

    private static SharedMember member(String clientId, SessionInfo info, int qos) {
        return new SharedMember(
                clientId,
                info == null ? null : info.details().clientType(),
                info != null && info.connected(),
                QosLevel.of(qos));
    }

    /** Every client's subscriptions, grouped by client, without paging: RelayMQ's own shortcut. */
    @GetMapping(value = "/all", params = "!pageSize")
    List<ClientSubscriptionsView> all() {
        return sessions.allSubscriptions().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new ClientSubscriptionsView(
                        e.getKey(),
                        e.getValue().stream().map(SubscriptionView::of).toList()))
                .toList();
    }
}
