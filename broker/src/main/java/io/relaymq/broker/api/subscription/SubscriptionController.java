package io.relaymq.broker.api.subscription;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.api.session.ClusterSessions;
import io.relaymq.broker.api.session.SubscriptionView;
import io.relaymq.broker.subscription.Subscription;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.http.ResponseEntity;
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

    /** One member of a shared subscription group. */
    record SharedMember(String clientId, int qos) {}

    /** The clients sharing one {@code $share/<shareName>/<topicFilter>}. */
    record SharedGroup(String shareName, String topicFilter, List<SharedMember> clients) {}

    record ClientSubscriptionsView(String clientId, List<SubscriptionView> subscriptions) {}

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

    @GetMapping(params = {"pageSize", "page"})
    PageData<SharedGroup> sharedGroups(@Valid PageQuery query) {
        Map<String, List<SharedMember>> groups = new TreeMap<>();
        sessions.allSubscriptions()
                .forEach((clientId, subscriptions) -> subscriptions.stream()
                        .filter(s -> s.filter().isShared())
                        .forEach(s -> groups.computeIfAbsent(
                                        s.filter().shareGroup() + "\n"
                                                + s.filter().filter(),
                                        k -> new ArrayList<>())
                                .add(new SharedMember(clientId, s.options().qos()))));
        List<SharedGroup> all = groups.entrySet().stream()
                .map(e -> {
                    String[] key = e.getKey().split("\n", 2);
                    List<SharedMember> members = e.getValue().stream()
                            .sorted(Comparator.comparing(SharedMember::clientId))
                            .toList();
                    return new SharedGroup(key[0], key[1], members);
                })
                .toList();
        return PageData.ofAll(all, query, g -> g.shareName() + " " + g.topicFilter(), SORTS, "shareName");
    }

    @GetMapping("/all")
    List<ClientSubscriptionsView> all() {
        return sessions.allSubscriptions().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new ClientSubscriptionsView(
                        e.getKey(),
                        e.getValue().stream().map(SubscriptionView::of).toList()))
                .toList();
    }
}
