package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A session moving to another node must stay routable on the old one until the new owner's record arrives. */
class RemoteSubscriptionsTest {

    private static Subscription sub(String client, String filter) {
        return new Subscription(client, TopicFilter.parse(filter).orElseThrow(), SubscriptionOptions.ofQos(1));
    }

    @Test
    void aHandedOverClientIsRoutedAsRemoteUntilItsNewOwnerReplicates() {
        RemoteSubscriptions remote = new RemoteSubscriptions();

        remote.adoptIfUnknown("c", ClientSubscriptions.of("node-a", List.of(sub("c", "sensors/+"))));

        assertThat(remote.match("sensors/1")).extracting(Subscription::clientId).containsExactly("c");
        remote.apply("c", ClientSubscriptions.of("node-b", List.of(sub("c", "sensors/#"))), "node-a", id -> false);
        assertThat(remote.owner("c")).contains("node-b");
        assertThat(remote.match("sensors/1/x"))
                .extracting(Subscription::clientId)
                .containsExactly("c");
        assertThat(remote.match("other")).isEmpty();
    }

    @Test
    void theNewOwnersRecordIsKeptWhenItArrivedBeforeTheHandOver() {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        remote.apply("c", ClientSubscriptions.of("node-b", List.of(sub("c", "a/b"))), "node-a", id -> true);

        remote.adoptIfUnknown("c", ClientSubscriptions.of("node-a", List.of(sub("c", "x/y"))));

        assertThat(remote.owner("c")).contains("node-b");
        assertThat(remote.match("x/y")).isEmpty();
        assertThat(remote.match("a/b")).hasSize(1);
    }

    /**
     * A record that replaces a client's subscriptions (a new owner, the same filter) never leaves a moment in
     * which a router matching concurrently finds none of them: a message routed then would reach nobody. Before
     * the fix the old subscriptions left the trie before the new ones were in; a router spinning on match()
     * while the owner changes back and forth catches that moment.
     */
    @Test
    void aReplacedRecordNeverLeavesItsFiltersUnmatchedForAConcurrentRouter() throws Exception {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        remote.apply("c", ClientSubscriptions.of("node-b", List.of(sub("c", "sensors/+"))), "node-a", id -> false);
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong misses = new AtomicLong();
        AtomicLong matches = new AtomicLong();
        Thread router = new Thread(() -> {
            while (!done.get()) {
                if (remote.match("sensors/1").isEmpty()) {
                    misses.incrementAndGet();
                }
                matches.incrementAndGet();
            }
        });
        router.start();
        for (int i = 0; i < 200_000; i++) {
            String owner = i % 2 == 0 ? "node-a" : "node-b";
            remote.apply("c", ClientSubscriptions.of(owner, List.of(sub("c", "sensors/+"))), "node-x", id -> false);
        }
        done.set(true);
        router.join();
        assertThat(matches.get()).as("the router ran").isPositive();
        assertThat(misses.get()).as("matches that found no subscription of c").isZero();
    }
}
